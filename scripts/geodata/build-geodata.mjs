#!/usr/bin/env node
/**
 * Builds the offline geography cvrisk ships: the server's gazetteer and the console's outline layer.
 *
 * Source: the npm package `echarts@4.9.0` (licence Apache-2.0, see its LICENSE and NOTICE), files
 * `map/json/china.json` (34 provinces: outline, `cp` label/centre point) and `map/json/province/*.json`
 * (prefecture-level cities per province; districts for Beijing, Tianjin, Shanghai, Chongqing, Hong Kong
 * and Macau). The shapes are Chinese administrative areas as of about 2019 (莱芜 still separate).
 * Coordinates are in echarts' "UTF8Encoding" compressed form (zigzag + delta, scale 1024), decoded here.
 *
 * Datum: the data comes from AMap's district service, so it is GCJ-02 (the `cp` of 杭州市 is AMap's
 * 120.153576,30.287459). Everything is converted to WGS-84 with `gcoord`, the datum cvrisk stores.
 *
 * Writes (both committed):
 *   apps/server/src/geo/data/gazetteer.json  provinces and cities: name, full name, province, WGS-84
 *     centre, and each city's outline simplified to ~500 m (rings delta-encoded as integers of 1e-4°)
 *     so the server can tell which city a point lies in.
 *   apps/web/public/geo/china-outlines.json  GeoJSON of province and city outlines (WGS-84, 4 decimals,
 *     Douglas–Peucker simplified), properties `name` and `level` ('province' | 'city').
 *     Municipalities and the two SARs have no city outlines: their province outline is their city.
 *
 * Re-run (needs only the npm registry):
 *   node scripts/geodata/build-geodata.mjs                 # packs echarts@4.9.0 into a temp dir
 *   node scripts/geodata/build-geodata.mjs /path/to/echarts # an unpacked echarts package directory
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import gcoord from 'gcoord';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_PACKAGE = 'echarts@4.9.0';
/** Douglas–Peucker tolerances in degrees: the server decides "which city", the map only draws. */
const SERVER_TOLERANCE = 0.005;
const WEB_PROVINCE_TOLERANCE = 0.01;
const WEB_CITY_TOLERANCE = 0.012;

const PROVINCE_FULL_NAMES = {
  北京: '北京市', 天津: '天津市', 上海: '上海市', 重庆: '重庆市',
  河北: '河北省', 山西: '山西省', 辽宁: '辽宁省', 吉林: '吉林省', 黑龙江: '黑龙江省', 江苏: '江苏省',
  浙江: '浙江省', 安徽: '安徽省', 福建: '福建省', 江西: '江西省', 山东: '山东省', 河南: '河南省',
  湖北: '湖北省', 湖南: '湖南省', 广东: '广东省', 海南: '海南省', 四川: '四川省', 贵州: '贵州省',
  云南: '云南省', 陕西: '陕西省', 甘肃: '甘肃省', 青海: '青海省', 台湾: '台湾省',
  内蒙古: '内蒙古自治区', 广西: '广西壮族自治区', 西藏: '西藏自治区', 宁夏: '宁夏回族自治区',
  新疆: '新疆维吾尔自治区', 香港: '香港特别行政区', 澳门: '澳门特别行政区',
};
/** Province-level areas whose subdivisions in the source are districts, not prefecture-level cities. */
const CITY_IS_PROVINCE = new Set(['北京', '天津', '上海', '重庆', '香港', '澳门']);
/** Peoples named in autonomous prefectures: 恩施土家族苗族自治州 is called 恩施 in speech and search. */
const PEOPLES = ['土家族', '苗族', '布依族', '侗族', '藏族', '羌族', '彝族', '回族', '哈萨克', '柯尔克孜', '蒙古族', '蒙古',
  '傣族', '景颇族', '傈僳族', '白族', '哈尼族', '壮族', '朝鲜族', '黎族'];

/** The name people type: 杭州市 → 杭州, 大兴安岭地区 → 大兴安岭, 海西蒙古族藏族自治州 → 海西. */
function shortName(name) {
  let s = name.replace(/(特别行政区|自治州|自治县|地区|林区|盟|市|县)$/, '');
  for (let again = true; again; ) {
    again = false;
    for (const p of PEOPLES) {
      if (s.endsWith(p) && s.length > p.length) {
        s = s.slice(0, -p.length);
        again = true;
      }
    }
  }
  return s.length >= 2 ? s : name;
}

/** The unpacked source package, and what to remove afterwards. */
function sourceDir() {
  if (process.argv[2]) return { dir: path.resolve(process.argv[2]), tmp: null };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-geodata-'));
  const tarball = execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent'], { cwd: tmp, encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', tarball, 'package/map/json', 'package/package.json'], { cwd: tmp });
  return { dir: path.join(tmp, 'package'), tmp };
}

// ---- decoding (echarts lib/coord/geo/parseGeoJson.js) ----

function decodeRing(text, offsets, scale) {
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

/** A feature's geometry as a list of polygons, each a list of rings (outer first), in WGS-84. */
function polygonsOf(feature, json) {
  const g = feature.geometry;
  if (!g) return [];
  const scale = json.UTF8Scale ?? 1024;
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const offsets = g.type === 'Polygon' ? [g.encodeOffsets] : g.encodeOffsets;
  return polys.map((rings, p) =>
    rings.map((ring, r) => {
      const pts = json.UTF8Encoding ? decodeRing(ring, offsets[p][r], scale) : ring;
      return pts.map(toWgs84);
    }),
  );
}

const toWgs84 = ([lng, lat]) => gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84);

// ---- geometry ----

function perpDistance(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Douglas–Peucker on a closed ring (iterative, so long coastlines do not overflow the stack). */
function simplifyRing(ring, tolerance) {
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
  const stack = [[0, far], [far, closed.length - 1]];
  while (stack.length) {
    const [s, e] = stack.pop();
    let idx = -1;
    let max = tolerance;
    for (let i = s + 1; i < e; i++) {
      const d = perpDistance(closed[i], closed[s], closed[e]);
      if (d > max) [idx, max] = [i, d];
    }
    if (idx >= 0) {
      keep[idx] = 1;
      stack.push([s, idx], [idx, e]);
    }
  }
  const out = closed.filter((_, i) => keep[i]);
  return out.length >= 4 ? out : null;
}

function simplifyPolygons(polys, tolerance) {
  const out = [];
  for (const rings of polys) {
    if (!rings[0]) continue;
    const outer = simplifyRing(rings[0], tolerance);
    if (!outer) continue;
    out.push([outer, ...rings.slice(1).map((r) => simplifyRing(r, tolerance)).filter(Boolean)]);
  }
  return out;
}

function ringArea(ring) {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return a / 2;
}

/** Area-weighted centroid of the largest outer ring: the centre of areas the source gives none for. */
function centreOf(polys) {
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

const round = (v, d) => Math.round(v * 10 ** d) / 10 ** d;
const roundPolys = (polys, d) => polys.map((rings) => rings.map((ring) => ring.map(([x, y]) => [round(x, d), round(y, d)])));

/** A ring as [x0, y0, dx1, dy1, …] in integers of 1e-4°: a third of the size of plain coordinates. */
function encodeRing(ring) {
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

// ---- assembly ----

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function build(dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  if (`${pkg.name}@${pkg.version}` !== SOURCE_PACKAGE) console.warn(`expected ${SOURCE_PACKAGE}, found ${pkg.name}@${pkg.version}`);
  const china = readJson(path.join(dir, 'map/json/china.json'));
  const provinces = china.features.map((f) => {
    const short = f.properties.name;
    const fullName = PROVINCE_FULL_NAMES[short];
    if (!fullName) throw new Error(`unknown province ${short}`);
    return { code: f.id, short, fullName, centre: toWgs84(f.properties.cp), polys: polygonsOf(f, china) };
  });
  const byPrefix = new Map(provinces.map((p) => [p.code.slice(0, 2), p]));

  const cities = [];
  for (const p of provinces.filter((pr) => CITY_IS_PROVINCE.has(pr.short))) {
    cities.push({ name: p.fullName, province: p, centre: p.centre, polys: p.polys, drawn: false });
  }
  for (const file of fs.readdirSync(path.join(dir, 'map/json/province')).sort()) {
    const json = readJson(path.join(dir, 'map/json/province', file));
    const withId = json.features.find((f) => f.id ?? f.properties.id);
    const province = file === 'taiwan.json' ? byPrefix.get('71') : byPrefix.get(String(withId.id ?? withId.properties.id).slice(0, 2));
    if (CITY_IS_PROVINCE.has(province.short)) continue;
    for (const f of json.features) {
      const polys = polygonsOf(f, json);
      const same = cities.find((c) => c.province === province && c.name === f.properties.name);
      // The source splits a few cities into two features (山南市): one city with both shapes.
      if (same) {
        same.polys.push(...polys);
        continue;
      }
      // The source labels the Diaoyu Islands feature 中国属钓鱼岛; the place itself is 钓鱼岛.
      const name = f.properties.name === '中国属钓鱼岛' ? '钓鱼岛' : f.properties.name;
      const centre = f.properties.cp ? toWgs84(f.properties.cp) : centreOf(polys);
      cities.push({ name, province, centre, polys, drawn: true });
    }
  }

  const gazetteer = {
    source: `${SOURCE_PACKAGE} map/json (Apache-2.0), GCJ-02 converted to WGS-84; built by scripts/geodata/build-geodata.mjs`,
    provinces: provinces.map((p) => ({ name: p.fullName, short: p.short, lng: round(p.centre[0], 5), lat: round(p.centre[1], 5) })),
    cities: cities.map((c) => ({
      name: c.name,
      short: shortName(c.name),
      province: c.province.fullName,
      lng: round(c.centre[0], 5),
      lat: round(c.centre[1], 5),
      rings: simplifyPolygons(c.polys, SERVER_TOLERANCE).flatMap((rings) => rings.map(encodeRing)),
    })),
  };

  const feature = (name, level, polys) => ({
    type: 'Feature',
    properties: { name, level },
    geometry: { type: 'MultiPolygon', coordinates: roundPolys(polys, 4) },
  });
  const outlines = {
    type: 'FeatureCollection',
    features: [
      ...provinces.map((p) => feature(p.fullName, 'province', simplifyPolygons(p.polys, WEB_PROVINCE_TOLERANCE))),
      ...cities.filter((c) => c.drawn).map((c) => feature(c.name, 'city', simplifyPolygons(c.polys, WEB_CITY_TOLERANCE))),
    ].filter((f) => f.geometry.coordinates.length > 0),
  };
  return { gazetteer, outlines };
}

function write(rel, data) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data));
  console.log(`${rel}: ${(fs.statSync(file).size / 1024).toFixed(0)} kB`);
}

const source = sourceDir();
const { gazetteer, outlines } = build(source.dir);
if (source.tmp) fs.rmSync(source.tmp, { recursive: true, force: true });
write('apps/server/src/geo/data/gazetteer.json', gazetteer);
write('apps/web/public/geo/china-outlines.json', outlines);
console.log(`${gazetteer.provinces.length} provinces, ${gazetteer.cities.length} cities, ${outlines.features.length} outlines`);
