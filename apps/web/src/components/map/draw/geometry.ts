/**
 * The drawing tools' arithmetic, free of Leaflet so it can be tested: the circle's radius while
 * dragging, when a click closes a polygon, and whether a drawn polygon can be saved. Distances, the
 * fence limits and the polygon rules come from the contracts, where the server checks fences with them.
 * Coordinates are WGS-84 `{ lng, lat }` (polygons as `[lng, lat]` pairs, as the fence contract stores them).
 */
import { distanceM, EARTH_RADIUS_M, FENCE_LIMITS, openRing, polygonDefect } from '@cvrisk/contracts';

export type LngLat = { lng: number; lat: number };
export type Pixel = { x: number; y: number };
export type Ring = [number, number][];

/** A click this close (screen pixels) to the first vertex closes the ring; this close to the last one adds nothing. */
export const SNAP_PX = 10;

const RAD = Math.PI / 180;

/** The radius a drag from the centre to the cursor gives: whole metres, within what a fence may be. */
export function radiusFromDrag(centre: LngLat, cursor: LngLat): number {
  const metres = Math.round(distanceM(centre.lng, centre.lat, cursor.lng, cursor.lat));
  return Math.min(FENCE_LIMITS.maxRadiusM, Math.max(FENCE_LIMITS.minRadiusM, metres));
}

/** The point `metres` due east of `centre`: where a circle's radius handle sits. */
export function eastOf(centre: LngLat, metres: number): LngLat {
  return { lng: centre.lng + metres / (EARTH_RADIUS_M * RAD * Math.cos(centre.lat * RAD)), lat: centre.lat };
}

/** South-west and north-east corners `[lng, lat]` that hold a circle or a ring, for fitting the map to a fence. */
export function shapeBounds(shape: { lng: number; lat: number; radius: number } | { points: Ring }): [[number, number], [number, number]] {
  if ('points' in shape) {
    const lngs = shape.points.map((p) => p[0]);
    const lats = shape.points.map((p) => p[1]);
    return [[Math.min(...lngs), Math.min(...lats)], [Math.max(...lngs), Math.max(...lats)]];
  }
  const dLat = shape.radius / (EARTH_RADIUS_M * RAD);
  const dLng = eastOf(shape, shape.radius).lng - shape.lng;
  return [[shape.lng - dLng, shape.lat - dLat], [shape.lng + dLng, shape.lat + dLat]];
}

/** Six decimals (about 0.1 m): what a click can mean, without floating-point noise in the saved fence. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A length as people say it: metres below 1 km, else km with one decimal (server-behaviour §12). */
export function formatMetres(metres: number, lang: 'zh' | 'en'): string {
  if (metres < 1000) return lang === 'zh' ? `${Math.round(metres)} 米` : `${Math.round(metres)} m`;
  const km = (metres / 1000).toFixed(1);
  return lang === 'zh' ? `${km} 公里` : `${km} km`;
}

export type PolygonClick = 'add' | 'close' | 'ignore';

/**
 * What a click does to a polygon being drawn, given where its vertices are on screen: on the first
 * vertex (with enough of them) it closes the ring; on the last vertex it does nothing, because that is
 * the second click of the double-click that also closes it; past the vertex limit it does nothing.
 */
export function polygonClick(vertices: readonly Pixel[], click: Pixel): PolygonClick {
  const near = (p: Pixel) => Math.hypot(p.x - click.x, p.y - click.y) <= SNAP_PX;
  const first = vertices[0];
  const last = vertices[vertices.length - 1];
  if (first && vertices.length >= FENCE_LIMITS.minVertices && near(first)) return 'close';
  if (last && near(last)) return 'ignore';
  if (vertices.length >= FENCE_LIMITS.maxVertices) return 'ignore';
  return 'add';
}

export type PolygonProblem = 'tooFew' | 'tooMany' | 'selfIntersecting' | 'repeatedVertex';

/**
 * Why a drawn polygon cannot be saved, or null: the server's own rules, asked before the server is.
 * A ring whose edges cross has no clear inside, so an 进入/离开 alarm on it would surprise the operator.
 */
export function polygonProblem(points: Ring): PolygonProblem | null {
  const ring = openRing(points);
  if (ring.length < FENCE_LIMITS.minVertices) return 'tooFew';
  if (ring.length > FENCE_LIMITS.maxVertices) return 'tooMany';
  const defect = polygonDefect(ring);
  if (defect === 'repeatedVertex') return 'repeatedVertex';
  return defect ? 'selfIntersecting' : null;
}
