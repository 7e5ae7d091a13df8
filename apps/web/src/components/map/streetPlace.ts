import type L from 'leaflet';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { placeAt, type OutlineFeature } from './outlineGeometry';
import { loadOutlines } from './outlineLayer';

/** From this zoom a view shows streets, which only the online tiles have (the outlines stop at cities). */
export const STREET_ZOOM = 13;

export type StreetView = { street: boolean; place: string | null };

const NOT_STREET: StreetView = { street: false, place: null };

/** The view as a stable value for `useSyncExternalStore`: zoom and centre, the centre to about 100 m. */
function viewKey(map: L.Map): string {
  const c = map.getCenter();
  return `${map.getZoom()}|${c.lng.toFixed(3)}|${c.lat.toFixed(3)}`;
}

/**
 * On the offline layer at street zoom: `street` is true and `place` names the province and city of the
 * map's centre (null where the outlines are missing or the centre is outside them), so that the map can
 * say where it is and that street detail needs the online map. The offline layer is WGS-84, so the
 * centre needs no conversion.
 */
export function useStreetPlace(map: L.Map | null, offline: boolean): StreetView {
  const [features, setFeatures] = useState<OutlineFeature[] | null>(null);
  useEffect(() => {
    if (!offline) return;
    let live = true;
    void loadOutlines().then((f) => {
      if (live) setFeatures(f);
    });
    return () => {
      live = false;
    };
  }, [offline]);

  const subscribe = useCallback(
    (changed: () => void) => {
      if (!map) return () => {};
      map.on('moveend', changed);
      return () => {
        map.off('moveend', changed);
      };
    },
    [map],
  );
  const view = useSyncExternalStore(subscribe, () => (map ? viewKey(map) : ''));

  return useMemo(() => {
    if (!offline || !view) return NOT_STREET;
    const [zoom, lng, lat] = view.split('|').map(Number) as [number, number, number];
    if (zoom < STREET_ZOOM) return NOT_STREET;
    const at = features ? placeAt(features, lng, lat) : null;
    const place = at ? [at.province, at.city].filter((s) => s !== null).join(' ') : '';
    return { street: true, place: place || null };
  }, [offline, view, features]);
}
