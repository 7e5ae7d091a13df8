import { MONITOR_FOCUS_ZOOM } from '@cvrisk/contracts';
import { useEffect, useRef } from 'react';
import { useMap } from '../../components/map/MapContext';

type Props = {
  deviceNumber: string;
  at: { lng: number; lat: number } | null;
  /** How far above the middle to show the device, as a share of the map's height: a card along the bottom would cover it. */
  raise?: number;
};

/**
 * Centres the map on a device at the focus zoom (console-spec §9) once it is known where it is. Once per
 * device: later live moves must not keep dragging the map away from where the operator panned.
 */
export function FocusOnDevice({ deviceNumber, at, raise = 0 }: Props) {
  const { map, toMap } = useMap();
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!at || focused.current === deviceNumber) return;
    focused.current = deviceNumber;
    const device = map.project(toMap(at.lng, at.lat), MONITOR_FOCUS_ZOOM);
    map.setView(map.unproject(device.add([0, raise * map.getSize().y]), MONITOR_FOCUS_ZOOM), MONITOR_FOCUS_ZOOM);
  }, [map, toMap, deviceNumber, at, raise]);
  return null;
}
