import { describe, expect, it } from 'vitest';
import {
  boundingBox, distanceM, FENCE_LIMITS, openRing, pointInCircle, pointInFence, pointInPolygon, polygonDefect, segmentsIntersect,
  type LngLatPair as LngLat,
} from './geometry.js';
import { CircleGeometry, PolygonGeometry } from './fence.js';

const square: LngLat[] = [[120, 30], [120.1, 30], [120.1, 30.1], [120, 30.1]];

describe('polygonDefect', () => {
  it('accepts simple polygons, convex or not, and a straight run of vertices', () => {
    expect(polygonDefect(square)).toBeNull();
    expect(polygonDefect([[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]])).toBeNull();
    expect(polygonDefect([[0, 0], [1, 0], [2, 0], [2, 2]])).toBeNull();
  });

  it('finds a bow tie', () => {
    expect(polygonDefect([[0, 0], [1, 1], [1, 0], [0, 1]])).toBe('selfIntersection');
  });

  it('finds edges that only touch, a spike folding back, and a flat ring', () => {
    expect(polygonDefect([[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]])).toBe('selfIntersection');
    expect(polygonDefect([[0, 0], [4, 0], [2, 0], [2, 2]])).toBe('selfIntersection');
    expect(polygonDefect([[0, 0], [1, 0], [2, 0]])).toBe('selfIntersection');
  });

  it('finds a vertex clicked twice, including a ring sent closed', () => {
    expect(polygonDefect([[0, 0], [1, 0], [1, 0], [1, 1]])).toBe('repeatedVertex');
    expect(polygonDefect([...square, square[0]!])).toBe('repeatedVertex');
  });
});

describe('segmentsIntersect', () => {
  it('tells crossing, touching, collinear overlapping and apart', () => {
    expect(segmentsIntersect([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [2, 0], [2, 0], [3, 1])).toBe(true);
    expect(segmentsIntersect([0, 0], [2, 0], [1, 0], [3, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
    expect(segmentsIntersect([0, 0], [1, 1], [0, 1], [0.4, 0.6])).toBe(false);
  });
});

describe('point in shape', () => {
  it('places points inside, outside and on the edge of a polygon', () => {
    expect(pointInPolygon([120.05, 30.05], square)).toBe(true);
    expect(pointInPolygon([120.15, 30.05], square)).toBe(false);
    expect(pointInPolygon([120.1, 30.05], square)).toBe(true);
    expect(pointInPolygon([120, 30], square)).toBe(true);
  });

  it('keeps a point in the notch of a concave polygon outside', () => {
    const notched: LngLat[] = [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]];
    expect(pointInPolygon([2, 3], notched)).toBe(false);
    expect(pointInPolygon([2, 0.5], notched)).toBe(true);
    expect(pointInPolygon([0.5, 3], notched)).toBe(true);
  });

  it('measures circles in metres on the ground', () => {
    const circle = { lng: 120.15, lat: 30.28, radius: 1000 };
    // 0.009° of latitude is about 1,001 m; 0.0089° about 990 m.
    expect(pointInCircle([120.15, 30.2889], circle)).toBe(true);
    expect(pointInCircle([120.15, 30.289], circle)).toBe(false);
    expect(pointInFence([120.15, 30.28], { shape: 'circle', geometry: circle })).toBe(true);
    expect(pointInFence([120.05, 30.05], { shape: 'polygon', geometry: { points: square.map(([a, b]) => [a, b]) } })).toBe(true);
  });
});

describe('boundingBox', () => {
  it('holds every point at the given distance in each direction, and not much more', () => {
    const [lng, lat, m] = [120.15, 30.28, 3000];
    const box = boundingBox(lng, lat, m);
    for (const [x, y] of [[box.minLng, lat], [box.maxLng, lat], [lng, box.minLat], [lng, box.maxLat]] as const) {
      const d = distanceM(lng, lat, x, y);
      expect(d).toBeGreaterThanOrEqual(m);
      expect(d).toBeLessThan(m * 1.05);
    }
  });
});

describe('distanceM', () => {
  it('measures great-circle metres', () => {
    // 0.01° of latitude is about 1112 m anywhere; a degree of longitude shrinks with the cosine of the latitude.
    expect(Math.round(distanceM(120.15, 30.25, 120.15, 30.26))).toBe(1112);
    expect(Math.round(distanceM(120.15, 30.25, 120.16, 30.25))).toBe(961);
    expect(distanceM(120.15, 30.25, 120.15, 30.25)).toBe(0);
  });
});

describe('openRing', () => {
  it('drops a closing point that repeats the first, and only that', () => {
    expect(openRing([...square, square[0]!])).toEqual(square);
    expect(openRing(square)).toEqual(square);
  });
});

describe('FENCE_LIMITS', () => {
  it('are the bounds the fence schemas enforce', () => {
    const { minRadiusM, maxRadiusM, minVertices, maxVertices } = FENCE_LIMITS;
    expect(CircleGeometry.safeParse({ lng: 120, lat: 30, radius: minRadiusM }).success).toBe(true);
    expect(CircleGeometry.safeParse({ lng: 120, lat: 30, radius: minRadiusM - 1 }).error?.issues[0]?.message).toBe('半径至少50米');
    expect(CircleGeometry.safeParse({ lng: 120, lat: 30, radius: maxRadiusM + 1 }).error?.issues[0]?.message).toBe('半径最多500公里');
    const ring = (n: number) => Array.from({ length: n }, (_, i): [number, number] => [120 + Math.cos(i), 30 + Math.sin(i)]);
    expect(PolygonGeometry.safeParse({ points: ring(minVertices - 1) }).error?.issues[0]?.message).toBe('多边形至少3个顶点');
    expect(PolygonGeometry.safeParse({ points: ring(maxVertices + 1) }).error?.issues[0]?.message).toBe('多边形最多200个顶点');
    expect(PolygonGeometry.safeParse({ points: ring(maxVertices) }).success).toBe(true);
  });
});
