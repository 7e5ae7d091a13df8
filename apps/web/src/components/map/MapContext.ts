/**
 * The shared map, for layers. A layer is a component rendered as a child of <MapView>; it calls
 * `useMap()` and adds its Leaflet objects to `map` in an effect, removing them in the cleanup:
 *
 *   export function ThingLayer({ things }: { things: Thing[] }) {
 *     const { map, toMap } = useMap();
 *     useEffect(() => {
 *       const group = L.layerGroup(things.map((t) => L.circleMarker(toMap(t.lng, t.lat)))).addTo(map);
 *       return () => { group.remove(); };
 *     }, [map, toMap, things]);
 *     return null;
 *   }
 *
 * Every coordinate from the API is WGS-84. Always place points with `toMap(lng, lat)` and read clicks
 * back with `fromMap(latlng)`: the base layer decides the datum (AMap tiles are GCJ-02, OpenStreetMap and
 * the offline outlines WGS-84). When the user switches base layer, `datum` and with it `toMap`/`fromMap`
 * change identity, so a layer that lists `toMap` in its effect dependencies redraws itself in the new
 * datum. Prefer vector layers (L.circleMarker, L.polyline, L.polygon): the map is created with
 * `preferCanvas: true`, so they draw on one shared canvas. Avoid L.marker's default icon (the build ships
 * no marker images); use circle markers or `L.divIcon`.
 */
import type L from 'leaflet';
import { createContext, use } from 'react';
import type { Datum } from './datum';

export type { Datum };

export type MapApi = {
  map: L.Map;
  /** WGS-84 → the displayed datum. */
  toMap: (lng: number, lat: number) => L.LatLng;
  /** The displayed datum → WGS-84. */
  fromMap: (latlng: L.LatLng) => { lng: number; lat: number };
  datum: Datum;
};

export const MapContext = createContext<MapApi | null>(null);

export function useMap(): MapApi {
  const ctx = use(MapContext);
  if (!ctx) throw new Error('useMap outside <MapView>');
  return ctx;
}
