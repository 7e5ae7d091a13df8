import type { MonitorDevice } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from '../../components/map/MapContext';

/** Most fleets sit in a few provinces: showing all of China would leave them a dot in a corner. */
const MAX_FIT_ZOOM = 12;

type Props = {
  /** A new snapshot (first load, another department) reframes the map; live updates do not. */
  snapshot: readonly MonitorDevice[] | undefined;
  /** Width the left panel covers, kept free of devices. */
  panelWidth: number;
};

export function FitToDevices({ snapshot, panelWidth }: Props) {
  const { map, toMap } = useMap();
  useEffect(() => {
    if (!snapshot) return;
    let bounds: L.LatLngBounds | null = null;
    for (const d of snapshot) {
      if (d.lng === null || d.lat === null) continue;
      const at = toMap(d.lng, d.lat);
      if (bounds) bounds.extend(at);
      else bounds = L.latLngBounds(at, at);
    }
    if (bounds) map.fitBounds(bounds, { paddingTopLeft: [panelWidth + 30, 40], paddingBottomRight: [40, 40], maxZoom: MAX_FIT_ZOOM });
    // Only a new snapshot reframes the map; a change of base layer keeps what the user looks at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot]);
  return null;
}
