import { distanceM, FENCE_LIMITS } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import {
  eastOf,
  formatMetres,
  polygonClick,
  polygonProblem,
  radiusFromDrag,
  roundCoordinate,
  shapeBounds,
  type Ring,
} from './geometry';

const westLake = { lng: 120.15, lat: 30.25 };
const distanceMetres = (a: { lng: number; lat: number }, b: { lng: number; lat: number }) => distanceM(a.lng, a.lat, b.lng, b.lat);

describe('circle radius from a drag', () => {
  it('is the ground distance from the centre in whole metres', () => {
    // 0.01° of latitude is about 1112 m anywhere.
    expect(radiusFromDrag(westLake, { lng: 120.15, lat: 30.26 })).toBe(1112);
    // A degree of longitude shrinks with the cosine of the latitude: about 961 m at 30.25°N.
    expect(radiusFromDrag(westLake, { lng: 120.16, lat: 30.25 })).toBe(961);
    expect(Math.round(distanceMetres(westLake, { lng: 120.16, lat: 30.25 }))).toBe(961);
  });

  it('stays within what a fence may be (50 m to 500 km)', () => {
    expect(radiusFromDrag(westLake, westLake)).toBe(50);
    expect(radiusFromDrag(westLake, { lng: 120.1501, lat: 30.25 })).toBe(50);
    expect(radiusFromDrag(westLake, { lng: 116.4, lat: 39.9 })).toBe(500_000);
  });

  it('is written in metres below a kilometre, else in km with one decimal', () => {
    expect(formatMetres(962.4, 'zh')).toBe('962 米');
    expect(formatMetres(1112, 'zh')).toBe('1.1 公里');
    expect(formatMetres(25_000, 'en')).toBe('25.0 km');
    expect(formatMetres(50, 'en')).toBe('50 m');
  });
});

describe('drawing a polygon by clicks', () => {
  const square = [{ x: 100, y: 100 }, { x: 200, y: 100 }, { x: 200, y: 200 }];

  it('adds a vertex where the operator clicks', () => {
    expect(polygonClick([], { x: 5, y: 5 })).toBe('add');
    expect(polygonClick(square, { x: 100, y: 200 })).toBe('add');
  });

  it('closes on a click at the first vertex once there are three', () => {
    expect(polygonClick(square, { x: 104, y: 97 })).toBe('close');
    // With two vertices there is no polygon yet: the click is a new vertex.
    expect(polygonClick(square.slice(0, 2), { x: 104, y: 97 })).toBe('add');
  });

  it('ignores the second click of a double-click on the last vertex', () => {
    expect(polygonClick(square, { x: 201, y: 202 })).toBe('ignore');
  });

  it('stops adding at the vertex limit', () => {
    const many = Array.from({ length: FENCE_LIMITS.maxVertices }, (_, i) => ({ x: i * 20, y: (i % 2) * 20 }));
    expect(polygonClick(many, { x: -500, y: -500 })).toBe('ignore');
  });
});

describe('a drawn polygon before it is saved', () => {
  const ring: Ring = [[120.1, 30.2], [120.2, 30.2], [120.2, 30.3], [120.1, 30.3]];

  it('may be sent closed: the repeated first point is not a vertex twice', () => {
    expect(polygonProblem([...ring, [120.1, 30.2]])).toBeNull();
  });

  it('needs three to 200 vertices', () => {
    expect(polygonProblem(ring)).toBeNull();
    expect(polygonProblem(ring.slice(0, 2))).toBe('tooFew');
    // A closed triangle of two distinct points plus the repeat is still too few.
    expect(polygonProblem([[120.1, 30.2], [120.2, 30.2], [120.1, 30.2]])).toBe('tooFew');
    const circle = Array.from({ length: FENCE_LIMITS.maxVertices + 1 }, (_, i): [number, number] => [
      120 + Math.cos((i / (FENCE_LIMITS.maxVertices + 1)) * 2 * Math.PI), 30 + Math.sin((i / (FENCE_LIMITS.maxVertices + 1)) * 2 * Math.PI),
    ]);
    expect(polygonProblem(circle)).toBe('tooMany');
    expect(polygonProblem(circle.slice(0, FENCE_LIMITS.maxVertices))).toBeNull();
  });

  it('refuses a vertex placed twice, as the server does', () => {
    expect(polygonProblem([[120.1, 30.2], [120.2, 30.2], [120.2, 30.2], [120.2, 30.3]])).toBe('repeatedVertex');
  });

  it('refuses a bow tie whose edges cross', () => {
    expect(polygonProblem([[120.1, 30.2], [120.2, 30.3], [120.2, 30.2], [120.1, 30.3]])).toBe('selfIntersecting');
    // Neighbouring edges that fold back onto each other: the server refuses this, so the console must too.
    expect(polygonProblem([[120.1, 30.2], [120.3, 30.2], [120.2, 30.2], [120.2, 30.3]])).toBe('selfIntersecting');
    // A concave shape is fine.
    expect(polygonProblem([[120.1, 30.2], [120.3, 30.2], [120.3, 30.4], [120.2, 30.3], [120.1, 30.4]])).toBeNull();
  });
});

describe('circle handles and bounds', () => {
  it('puts the radius handle due east, the radius away', () => {
    const handle = eastOf(westLake, 2500);
    expect(handle.lat).toBe(westLake.lat);
    expect(Math.round(distanceMetres(westLake, handle))).toBe(2500);
    // Dragging the handle back gives the same radius.
    expect(radiusFromDrag(westLake, handle)).toBe(2500);
  });

  it('frames a circle and a ring', () => {
    const [[w, s], [e, n]] = shapeBounds({ ...westLake, radius: 1000 });
    expect(Math.round(distanceMetres({ lng: w, lat: westLake.lat }, { lng: e, lat: westLake.lat }))).toBe(2000);
    expect(Math.round(distanceMetres({ lng: westLake.lng, lat: s }, { lng: westLake.lng, lat: n }))).toBe(2000);
    expect(shapeBounds({ points: [[120.1, 30.3], [120.3, 30.2], [120.2, 30.4]] })).toEqual([[120.1, 30.2], [120.3, 30.4]]);
  });

  it('keeps six decimals of a clicked coordinate', () => {
    expect(roundCoordinate(120.123456789)).toBe(120.123457);
  });
});
