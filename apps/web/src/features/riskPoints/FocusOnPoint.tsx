import { useEffect, useEffectEvent } from 'react';
import type { LngLat } from '../../components/map/draw/geometry';
import { useMap } from '../../components/map/MapContext';

/** Close enough to tell the streets around a risk point apart. */
const FOCUS_ZOOM = 14;

/** Brings a chosen point into view (zooming in if the map is further out), once per choice. */
export function FocusOnPoint({ point }: { point: LngLat | null }) {
  const { map, toMap } = useMap();
  const focus = useEffectEvent((p: LngLat) => {
    map.setView(toMap(p.lng, p.lat), Math.max(map.getZoom(), FOCUS_ZOOM));
  });
  useEffect(() => {
    if (point) focus(point);
  }, [point]);
  return null;
}
