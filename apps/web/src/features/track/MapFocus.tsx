import type { TrackFix } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useMap } from '../../components/map/MapContext';

/** A place to show; `zoom` is the least zoom to show it at (none: keep the zoom, only pan). */
export type Focus = { lng: number; lat: number; zoom?: number; seq: number };

/** A newly loaded track is never shown closer than this: a short one would otherwise fill the map with one street. */
const FIT_MAX_ZOOM = 16;

/** Fits the map to a newly loaded track, and brings a chosen stop or fix into view. */
export function MapFocus({ fixes, focus }: { fixes: readonly TrackFix[]; focus: Focus | null }) {
  const { map, toMap } = useMap();
  const fitted = useRef<readonly TrackFix[] | null>(null);
  const show = useEffectEvent((f: Focus) => map.setView(toMap(f.lng, f.lat), Math.max(map.getZoom(), f.zoom ?? 0)));

  // Once per track: switching the base layer changes the datum, but must not undo the user's zoom.
  useEffect(() => {
    if (fitted.current === fixes || fixes.length === 0) return;
    fitted.current = fixes;
    const bounds = L.latLngBounds(fixes.map((f) => toMap(f.lng, f.lat)));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: FIT_MAX_ZOOM, animate: false });
  }, [map, toMap, fixes]);

  useEffect(() => {
    if (focus) show(focus);
  }, [focus]);

  return null;
}
