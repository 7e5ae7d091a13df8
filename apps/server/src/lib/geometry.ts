import type { CircleGeometry, PolygonGeometry } from '@cvrisk/contracts';
import { distanceM } from '../telemetry/geo.js';

/**
 * Plane geometry on WGS-84 degrees, for fences and risk points. Treating lng/lat as plane
 * coordinates is exact enough at the scale of a city fence (a few km) and keeps every test simple;
 * distances to a circle's centre are great-circle metres.
 */
export type LngLat = readonly [number, number];

/** A stored fence shape (the contract's geometry with its discriminator). */
export type FenceShape = { shape: 'circle'; geometry: CircleGeometry } | { shape: 'polygon'; geometry: PolygonGeometry };

/** What makes a polygon unusable as a fence: a vertex twice, or edges that cross or fold back. */
export type PolygonDefect = 'repeatedVertex' | 'selfIntersection';

const same = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** > 0 when a→b→c turns left, < 0 right, 0 when the three are on one line. */
function orient(a: LngLat, b: LngLat, c: LngLat): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/** p, known to be on the line through a and b, lies on the segment a–b. */
function withinSegment(a: LngLat, b: LngLat, p: LngLat): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

function onSegment(a: LngLat, b: LngLat, p: LngLat): boolean {
  return orient(a, b, p) === 0 && withinSegment(a, b, p);
}

/** Segments p1–p2 and q1–q2 share at least one point (touching counts). */
export function segmentsIntersect(p1: LngLat, p2: LngLat, q1: LngLat, q2: LngLat): boolean {
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
export function polygonDefect(points: readonly LngLat[]): PolygonDefect | null {
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
export function pointInPolygon(p: LngLat, points: readonly LngLat[]): boolean {
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
export function pointInCircle(p: LngLat, c: CircleGeometry): boolean {
  return distanceM(p[0], p[1], c.lng, c.lat) <= c.radius;
}

/** The one question the risk engine asks of a fence: is this position inside it (edges count as inside)? */
export function pointInFence(p: LngLat, fence: FenceShape): boolean {
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
