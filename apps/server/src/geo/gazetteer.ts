import type { GeoAddress, GeoPlace } from '@cvrisk/contracts';
import data from './data/gazetteer.json' with { type: 'json' };
import { areaAt, buildAreaIndex, type AreaIndex, type AreaOutline } from './area-index.js';
import { districtAt, districtList, type District } from './districts.js';

/**
 * The offline gazetteer (server-behaviour §8): China's provinces, prefecture-level cities and
 * districts with their WGS-84 centres and outlines, built by scripts/geodata/build-geodata.mjs. It
 * names a point by the district whose outline holds it (浙江省杭州市西湖区), else by the city; its
 * sources know no streets or places finer than a district, so an address never pretends to more.
 */
type GazetteerData = {
  provinces: { name: string; short: string; lng: number; lat: number }[];
  cities: { name: string; short: string; province: string; lng: number; lat: number; rings: number[][] }[];
};

type Province = { name: string; short: string; lng: number; lat: number };
type City = AreaOutline & { name: string; short: string; province: Province; fullName: string; lng: number; lat: number };

/** Within this distance of an outline a point counts as in the city: simplified coasts and borders are ~500 m off. */
const ON_OUTLINE_KM = 1;
/** Beyond an outline but within this distance, the address reads "…附近" (off the coast, across a border). */
const NEARBY_KM = 30;
/** Cities span about a degree: cells of a quarter degree mostly lie in one. */
const CITY_SIZE = { cell: 0.25, band: 0.05 };

let loaded: { provinces: Province[]; cities: City[]; byFullName: Map<string, City>; index: AreaIndex } | undefined;

function gazetteer() {
  if (loaded) return loaded;
  const raw = data as GazetteerData;
  const provinces = raw.provinces.map((p) => ({ ...p }));
  const byName = new Map(provinces.map((p) => [p.name, p]));
  const cities = raw.cities.map((c): City => {
    const province = byName.get(c.province);
    if (!province) throw new Error(`gazetteer: city ${c.name} names unknown province ${c.province}`);
    return {
      name: c.name,
      short: c.short,
      province,
      // Municipalities and SARs are their own city: 北京市, not 北京市北京市.
      fullName: c.name === province.name ? c.name : province.name + c.name,
      lng: c.lng,
      lat: c.lat,
      rings: c.rings.map(decodeRing),
    };
  });
  loaded = { provinces, cities, byFullName: new Map(cities.map((c) => [c.fullName, c])), index: buildAreaIndex(cities, CITY_SIZE) };
  return loaded;
}

/** [x0, y0, dx1, dy1, …] in 1e-4° → [x0, y0, x1, y1, …] in degrees. */
function decodeRing(encoded: number[]): Float64Array {
  const out = new Float64Array(encoded.length);
  let x = 0;
  let y = 0;
  for (let i = 0; i < encoded.length; i += 2) {
    x += encoded[i]!;
    y += encoded[i + 1]!;
    out[i] = x / 1e4;
    out[i + 1] = y / 1e4;
  }
  return out;
}

/** The gazetteer city a district belongs to: the district file is built against this very gazetteer. */
function cityOf(d: District): City {
  const city = gazetteer().byFullName.get(d.city);
  if (!city) throw new Error(`gazetteer: district ${d.name ?? ''} names unknown city ${d.city}`);
  return city;
}

/**
 * The address of a WGS-84 point by city alone: `浙江省杭州市` inside a city, `浙江省舟山市附近` within
 * 30 km of one (at sea, just across the border), null farther away (open sea, abroad). It is what
 * reverseGeocode answers where no district is known.
 */
export function cityAddress(lng: number, lat: number): GeoAddress | null {
  const g = gazetteer();
  const hit = areaAt(g.index, lng, lat, NEARBY_KM);
  if (!hit) return null;
  const city = g.cities[hit.area]!;
  const near = hit.distanceKm > ON_OUTLINE_KM;
  return { address: near ? `${city.fullName}附近` : city.fullName, province: city.province.name, city: city.name, district: null };
}

/**
 * The address of a WGS-84 point: `浙江省杭州市西湖区`, `北京市海淀区` in a district (or within 1 km of
 * one: simplified borders and coasts are ~150 m off); `广东省东莞市` in a city without districts; else
 * as cityAddress answers.
 */
export function reverseGeocode(lng: number, lat: number): GeoAddress | null {
  const hit = districtAt(lng, lat, ON_OUTLINE_KM);
  if (!hit) return cityAddress(lng, lat);
  const city = cityOf(hit.district);
  if (hit.distanceKm > 0) {
    // Just outside every district: a city outline that holds the point knows better (Kinmen, off Xiamen's coast).
    const inCity = areaAt(gazetteer().index, lng, lat, 0);
    if (inCity && gazetteer().cities[inCity.area] !== city) return cityAddress(lng, lat);
  }
  const district = hit.district.name;
  return { address: city.fullName + (district ?? ''), province: city.province.name, city: city.name, district };
}

type Scored = { place: GeoPlace; score: number; rank: number };

/** How well text names a place: 3 its name or short name, 2 the start of it, 1 part of it, 0 not at all. */
function nameScore(text: string, name: string, short: string): number {
  if (text === name || text === short) return 3;
  if (name.startsWith(text)) return 2;
  return name.includes(text) ? 1 : 0;
}

/** What follows a province name and still names nothing by itself. */
const NOT_A_NAME = new Set(['省', '市', '自治区']);

/**
 * Provinces, cities and districts whose names match the keyword, best first: 杭州, 杭州市, 浙江杭州
 * and 浙江省杭州市 all find 杭州市 first; 西湖区, 杭州西湖 and 浙江省杭州市西湖区 find 杭州's 西湖区. A
 * province given in front narrows the cities to that province, a city the districts to that city.
 * At equal scores provinces come before cities, cities before districts.
 */
export function searchPlaces(keyword: string, limit = 10): GeoPlace[] {
  const text = keyword.replace(/\s+/g, '');
  if (!text) return [];
  const g = gazetteer();
  const found = new Map<string, Scored>();
  const offer = (place: GeoPlace, score: number, rank: number) => {
    const prev = found.get(place.fullName);
    if (score > 0 && (!prev || prev.score < score)) found.set(place.fullName, { place, score, rank });
  };
  g.cities.forEach((c, i) => {
    const place = cityPlace(c);
    offer(place, nameScore(text, c.name, c.short), 100 + i);
    offer(place, nameScore(text, c.fullName, c.fullName), 100 + i);
    // 浙江杭州, 浙江省杭州市: a province name, then the city's.
    for (const p of [c.province.name, c.province.short]) {
      const rest = text.startsWith(p) ? text.slice(p.length) : '';
      const score = rest && !NOT_A_NAME.has(rest) && c.name !== c.province.name ? nameScore(rest, c.name, c.short) : 0;
      if (score > 0) offer(place, score + 0.5, 100 + i);
    }
  });
  districtList().forEach((d, i) => {
    if (!d.name) return;
    const c = cityOf(d);
    const place: GeoPlace = { name: d.name, fullName: c.fullName + d.name, level: 'district', lng: d.lng, lat: d.lat, source: 'gazetteer' };
    offer(place, nameScore(text, d.name, d.short ?? d.name), 1000 + i);
    if (text === place.fullName) offer(place, 3.5, 1000 + i);
    // 杭州西湖, 杭州市西湖区, 浙江杭州西湖: the city's name (after its province's, or not), then the district's.
    for (const prefix of cityPrefixes(c)) {
      const rest = text.startsWith(prefix) ? text.slice(prefix.length) : '';
      const score = rest ? nameScore(rest, d.name, d.short ?? d.name) : 0;
      if (score >= 2) offer(place, score + 0.5, 1000 + i);
    }
  });
  g.provinces.forEach((p, i) => {
    // A municipality is listed once, as the city it also is.
    if (g.cities.some((c) => c.name === p.name)) return;
    offer({ name: p.name, fullName: p.name, level: 'province', lng: p.lng, lat: p.lat, source: 'gazetteer' }, nameScore(text, p.name, p.short), i);
  });
  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .slice(0, limit)
    .map((s) => s.place);
}

/** The ways a city is written in front of a district: 杭州市, 杭州, 浙江省杭州市, 浙江杭州 …; 北京 for a municipality. */
function cityPrefixes(c: City): string[] {
  const own = [c.name, c.short];
  if (c.name === c.province.name) return own;
  return [...own, ...[c.province.name, c.province.short].flatMap((p) => own.map((n) => p + n))];
}

function cityPlace(c: City): GeoPlace {
  return { name: c.name, fullName: c.fullName, level: 'city', lng: c.lng, lat: c.lat, source: 'gazetteer' };
}
