import { MONITOR_FOCUS_ZOOM } from '@cvrisk/contracts';
import { useEffect, useRef } from 'react';
import { useMap } from '../../components/map/MapContext';

type Props = { deviceNumber: string; at: { lng: number; lat: number } | null };

/**
 * Centres the map on a device at the focus zoom (console-spec §9) once it is known where it is. Once per
 * device: later live moves must not keep dragging the map away from where the operator panned.
 */
export function FocusOnDevice({ deviceNumber, at }: Props) {
  const { map, toMap } = useMap();
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!at || focused.current === deviceNumber) return;
    focused.current = deviceNumber;
    map.setView(toMap(at.lng, at.lat), MONITOR_FOCUS_ZOOM);
  }, [map, toMap, deviceNumber, at]);
  return null;
}
