/**
 * Geometry shared by the geodata builders: decoding echarts' compressed GeoJSON, the datum change,
 * Douglas–Peucker simplification and the compact encodings the server reads.
 */
import gcoord from 'gcoord';

export const toWgs84 = ([lng, lat]) => gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84);

// ---- decoding (echarts lib/coord/geo/parseGeoJson.js) ----

function decodeEchartsRing(text, offsets, scale) {
  const ring = [];
  let x = offsets[0];
  let y = offsets[1];
  for (let i = 0; i < text.length; i += 2) {
    let dx = text.charCodeAt(i) - 64;
    let dy = text.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/**
 * A feature's geometry as a list of polygons, each a list of rings (outer first), in the file's own
 * datum, whether the file is in echarts' "UTF8Encoding" compressed form (zigzag + delta) or plain.
 */
export function rawPolygonsOf(feature, json) {
  const g = feature.geometry;
  if (!g) return [];
  const scale = json.UTF8Scale ?? 1024;
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const offsets = g.type === 'Polygon' ? [g.encodeOffsets] : g.encodeOffsets;
  return polys.map((rings, p) => rings.map((ring, r) => (json.UTF8Encoding ? decodeEchartsRing(ring, offsets[p][r], scale) : ring)));
}

/** The same, converted from GCJ-02 to WGS-84. */
export const polygonsOf = (feature, json) => rawPolygonsOf(feature, json).map((rings) => rings.map((ring) => ring.map(toWgs84)));

// ---- simplification ----

function perpDistance(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Marks in `keep` the points Douglas–Peucker keeps between s and e (iterative: long coasts do not overflow the stack). */
function markKept(pts, s0, e0, tolerance, keep) {
  const stack = [[s0, e0]];
  while (stack.length) {
    const [s, e] = stack.pop();
    let idx = -1;
    let max = tolerance;
    for (let i = s + 1; i < e; i++) {
      const d = perpDistance(pts[i], pts[s], pts[e]);
      if (d > max) [idx, max] = [i, d];
    }
    if (idx >= 0) {
      keep[idx] = 1;
      stack.push([s, idx], [idx, e]);
    }
  }
}

/** Douglas–Peucker on an open line: both ends stay, so lines meeting at a point still meet after. */
export function simplifyLine(line, tolerance) {
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  markKept(line, 0, line.length - 1, tolerance, keep);
  return line.filter((_, i) => keep[i]);
}

/** Douglas–Peucker on a closed ring; null when it shrinks below a triangle. */
export function simplifyRing(ring, tolerance) {
  const pts = ring.length > 1 && ring[0][0] === ring.at(-1)[0] && ring[0][1] === ring.at(-1)[1] ? ring.slice(0, -1) : ring;
  if (pts.length < 4) return null;
  // Split the closed ring at its first point and the point farthest from it, then simplify both halves.
  let far = 0;
  let farD = -1;
  for (let i = 1; i < pts.length; i++) {
    const d = Math.hypot(pts[i][0] - pts[0][0], pts[i][1] - pts[0][1]);
    if (d > farD) [far, farD] = [i, d];
  }
  const closed = [...pts, pts[0]];
  const keep = new Uint8Array(closed.length);
  keep[0] = keep[far] = keep[closed.length - 1] = 1;
  markKept(closed, 0, far, tolerance, keep);
  markKept(closed, far, closed.length - 1, tolerance, keep);
  const out = closed.filter((_, i) => keep[i]);
  return out.length >= 4 ? out : null;
}

export function simplifyPolygons(polys, tolerance) {
  const out = [];
  for (const rings of polys) {
    if (!rings[0]) continue;
    const outer = simplifyRing(rings[0], tolerance);
    if (!outer) continue;
    out.push([outer, ...rings.slice(1).map((r) => simplifyRing(r, tolerance)).filter(Boolean)]);
  }
  return out;
}

// ---- measures ----

export function ringArea(ring) {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return a / 2;
}

/** Area-weighted centroid of the largest outer ring: the centre of areas the source gives none for. */
export function centreOf(polys) {
  const ring = polys.map((p) => p[0]).sort((a, b) => Math.abs(ringArea(b)) - Math.abs(ringArea(a)))[0];
  let cx = 0;
  let cy = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    cx += (ring[j][0] + ring[i][0]) * f;
    cy += (ring[j][1] + ring[i][1]) * f;
    a += f;
  }
  return [cx / (3 * a), cy / (3 * a)];
}

/** Even-odd point in polygons (holes and islands alike). */
export function polygonsContain(polys, [x, y]) {
  let inside = false;
  for (const rings of polys) {
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [x1, y1] = ring[j];
        const [x2, y2] = ring[i];
        if (y1 > y !== y2 > y && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
      }
    }
  }
  return inside;
}

export const round = (v, d) => Math.round(v * 10 ** d) / 10 ** d;
export const roundPolys = (polys, d) => polys.map((rings) => rings.map((ring) => ring.map(([x, y]) => [round(x, d), round(y, d)])));

// ---- encodings ----

/** A ring as [x0, y0, dx1, dy1, …] in integers of 1e-4°: a third of the size of plain coordinates. */
export function encodeRing(ring) {
  const out = [];
  let px = 0;
  let py = 0;
  for (const [x, y] of ring.slice(0, -1)) {
    const ix = Math.round(x * 1e4);
    const iy = Math.round(y * 1e4);
    if (out.length && ix === px && iy === py) continue;
    out.push(ix - px, iy - py);
    px = ix;
    py = iy;
  }
  return out;
}

/**
 * Integers as text in the "encoded polyline" form (zigzag, then 5-bit groups as the characters
 * 63–126): a step of up to ±1.5 km at 1e-4° takes two characters. Read by apps/server/src/geo/polyline.ts.
 */
export function encodePolyline(values) {
  let out = '';
  for (const v of values) {
    let z = v < 0 ? ~(v << 1) : v << 1;
    while (z >= 0x20) {
      out += String.fromCharCode((0x20 | (z & 0x1f)) + 63);
      z >>>= 5;
    }
    out += String.fromCharCode(z + 63);
  }
  return out;
}
