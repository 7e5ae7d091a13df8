/**
 * Fence and distance arithmetic on WGS-84 degrees, shared by the server (fence checks, the risk engine)
 * and the console (drawing, validating before saving). Treating lng/lat as plane coordinates is exact
 * enough at the scale of a city fence (a few km); distances are great-circle metres.
 */

import type { CircleGeometry, PolygonGeometry } from './fence.js';

/** A position as the fence contract stores polygon vertices: `[lng, lat]`. */
export type LngLatPair = readonly [number, number];

/** What a fence may be (the fence contract's bounds). */
export const FENCE_LIMITS = { minRadiusM: 50, maxRadiusM: 500_000, minVertices: 3, maxVertices: 200 } as const;

/** Mean earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres between two WGS-84 points (haversine; plenty for car tracks). */
export function distanceM(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The open ring a fence stores: a closing point that repeats the first is dropped. */
export function openRing<T extends LngLatPair>(points: readonly T[]): T[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) return points.slice(0, -1);
  return [...points];
}

/** What makes a polygon unusable as a fence: a vertex twice, or edges that cross or fold back. */
export type PolygonDefect = 'repeatedVertex' | 'selfIntersection';

const same = (a: LngLatPair, b: LngLatPair) => a[0] === b[0] && a[1] === b[1];

/** > 0 when a→b→c turns left, < 0 right, 0 when the three are on one line. */
function orient(a: LngLatPair, b: LngLatPair, c: LngLatPair): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/** p, known to be on the line through a and b, lies on the segment a–b. */
function withinSegment(a: LngLatPair, b: LngLatPair, p: LngLatPair): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

function onSegment(a: LngLatPair, b: LngLatPair, p: LngLatPair): boolean {
  return orient(a, b, p) === 0 && withinSegment(a, b, p);
}

/** Segments p1–p2 and q1–q2 share at least one point (touching counts). */
export function segmentsIntersect(p1: LngLatPair, p2: LngLatPair, q1: LngLatPair, q2: LngLatPair): boolean {
  const d1 = orient(q1, q2, p1);
  const d2 = orient(q1, q2, p2);
  const d3 = orient(p1, p2, q1);
  const d4 = orient(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && withinSegment(q1, q2, p1)) ||
    (d2 === 0 && withinSegment(q1, q2, p2)) ||
    (d3 === 0 && withinSegment(p1, p2, q1)) ||
    (d4 === 0 && withinSegment(p1, p2, q2))
  );
}

/**
 * Why this open ring is not a simple polygon, or null when it is. Neighbouring edges may continue
 * in a straight line but not fold back onto each other; other edges may not touch at all.
 * O(n²), fine for the contract's 200 vertices.
 */
export function polygonDefect(points: readonly LngLatPair[]): PolygonDefect | null {
  const n = points.length;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (same(points[i]!, points[j]!)) return 'repeatedVertex';
  const at = (i: number) => points[i % n]!;
  for (let i = 0; i < n; i++) {
    const [a, b, c] = [at(i), at(i + 1), at(i + 2)];
    // Edge a–b followed by b–c folds back when c lies on a–b or a lies on b–c.
    if (orient(a, b, c) === 0 && (withinSegment(a, b, c) || withinSegment(b, c, a))) return 'selfIntersection';
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the closing edge neighbours the first one
      if (segmentsIntersect(a, b, at(j), at(j + 1))) return 'selfIntersection';
    }
  }
  return null;
}

/** Inside or on the edge of the polygon (an open ring). */
export function pointInPolygon(p: LngLatPair, points: readonly LngLatPair[]): boolean {
  const n = points.length;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (onSegment(a, b, p)) return true;
    // Even-odd rule: count the edges a ray to the east crosses.
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** Inside or on the circle, by great-circle distance to its centre. */
export function pointInCircle(p: LngLatPair, c: CircleGeometry): boolean {
  return distanceM(p[0], p[1], c.lng, c.lat) <= c.radius;
}

/** A fence's outline: its shape with that shape's geometry. */
export type FenceOutline = { shape: 'circle'; geometry: CircleGeometry } | { shape: 'polygon'; geometry: PolygonGeometry };

/** The one question the risk engine asks of a fence: is this position inside it (edges count as inside)? */
export function pointInFence(p: LngLatPair, fence: FenceOutline): boolean {
  return fence.shape === 'circle' ? pointInCircle(p, fence.geometry) : pointInPolygon(p, fence.geometry.points);
}

export type BoundingBox = { minLng: number; maxLng: number; minLat: number; maxLat: number };

const METRES_PER_DEGREE_LAT = 111_195;

/**
 * A box holding every point within `metres` of the centre (slightly larger): a cheap index-friendly
 * prefilter before the exact distance. Longitude degrees shrink with the cosine of the latitude.
 */
export function boundingBox(lng: number, lat: number, metres: number): BoundingBox {
  const dLat = (metres / METRES_PER_DEGREE_LAT) * 1.01;
  const cos = Math.cos((Math.min(Math.abs(lat) + dLat, 89.9) * Math.PI) / 180);
  const dLng = Math.min(dLat / cos, 180);
  return { minLng: lng - dLng, maxLng: lng + dLng, minLat: lat - dLat, maxLat: lat + dLat };
}
