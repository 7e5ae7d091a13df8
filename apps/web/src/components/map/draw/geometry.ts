/**
 * The drawing tools' arithmetic, free of Leaflet so it can be tested: ground distances, the circle's
 * radius while dragging, when a click closes a polygon, and whether a drawn polygon can be saved.
 * Coordinates are WGS-84 `{ lng, lat }` (polygons as `[lng, lat]` pairs, as the fence contract stores them).
 */
export type LngLat = { lng: number; lat: number };
export type Pixel = { x: number; y: number };
export type Ring = [number, number][];

/** The fence contract's bounds (CircleGeometry, PolygonGeometry). */
export const MIN_RADIUS_M = 50;
export const MAX_RADIUS_M = 500_000;
export const MIN_VERTICES = 3;
export const MAX_VERTICES = 200;
/** A click this close (screen pixels) to the first vertex closes the ring; this close to the last one adds nothing. */
export const SNAP_PX = 10;

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine, the same formula the server checks fences with). */
export function distanceMetres(a: LngLat, b: LngLat): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The radius a drag from the centre to the cursor gives: whole metres, within what a fence may be. */
export function radiusFromDrag(centre: LngLat, cursor: LngLat): number {
  return Math.min(MAX_RADIUS_M, Math.max(MIN_RADIUS_M, Math.round(distanceMetres(centre, cursor))));
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
  if (first && vertices.length >= MIN_VERTICES && near(first)) return 'close';
  if (last && near(last)) return 'ignore';
  if (vertices.length >= MAX_VERTICES) return 'ignore';
  return 'add';
}

/** The open ring the contract stores: a closing point that repeats the first is dropped. */
export function openRing(points: Ring): Ring {
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) return points.slice(0, -1);
  return points;
}

export type PolygonProblem = 'tooFew' | 'tooMany' | 'selfIntersecting';

type Point = readonly [number, number];

function orientation(a: Point, b: Point, c: Point): number {
  const v = (b[1] - a[1]) * (c[0] - b[0]) - (b[0] - a[0]) * (c[1] - b[1]);
  return v === 0 ? 0 : v > 0 ? 1 : -1;
}

function onSegment(a: Point, p: Point, b: Point): boolean {
  return p[0] <= Math.max(a[0], b[0]) && p[0] >= Math.min(a[0], b[0]) && p[1] <= Math.max(a[1], b[1]) && p[1] >= Math.min(a[1], b[1]);
}

/** Whether segments p1–p2 and q1–q2 touch or cross (planar: fences are small enough). */
export function segmentsCross(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, q1, p2)) ||
    (o2 === 0 && onSegment(p1, q2, p2)) ||
    (o3 === 0 && onSegment(q1, p1, q2)) ||
    (o4 === 0 && onSegment(q1, p2, q2))
  );
}

/**
 * Why a drawn polygon cannot be saved, or null. A ring whose edges cross has no clear inside, so an
 * 进入/离开 alarm on it would surprise the operator; the server would store it, the console does not.
 */
export function polygonProblem(points: Ring): PolygonProblem | null {
  const ring = openRing(points);
  if (ring.length < MIN_VERTICES) return 'tooFew';
  if (ring.length > MAX_VERTICES) return 'tooMany';
  const n = ring.length;
  const edge = (i: number): [Point, Point] => [ring[i]!, ring[(i + 1) % n]!];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex by design.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      const [a, b] = edge(i);
      const [c, d] = edge(j);
      if (segmentsCross(a, b, c, d)) return 'selfIntersecting';
    }
  }
  return null;
}
