/**
 * A grid over the city outlines so that naming a point costs microseconds: most cells lie wholly
 * inside one city and answer at once; cells a border crosses test the point against the few cities
 * whose edges pass through them; points in no city look for the nearest edge in the cells around.
 */

/** A city's outline: rings (outer and holes alike) as flat [x0, y0, x1, y1, …] in degrees. */
export type CityOutline = { rings: Float64Array[] };

/** Compressed lists: the items of list i are items[start[i] .. start[i + 1]). */
type Lists = { start: Int32Array; items: Int32Array };

export type CityIndex = {
  /** Edges as x1, y1, x2, y2 and the city each belongs to. */
  edges: Float64Array;
  edgeCity: Int32Array;
  minX: number;
  minY: number;
  cols: number;
  rows: number;
  /** Edges passing through each cell. */
  cellEdges: Lists;
  /** The city holding each cell's centre, -1 for none. */
  cellOwner: Int32Array;
  /** Per city, its edges by horizontal band, for point-in-polygon tests that read only one band. */
  bands: { minY: number; count: number; edges: Lists }[];
};

const CELL = 0.25;
const BAND = 0.05;
/** The grid reaches this far beyond the outlines, so points just outside still find their nearest city. */
const MARGIN = 1;
const KM_PER_DEG_LAT = 110.57;
const KM_PER_DEG_LNG_EQUATOR = 111.32;

function lists(buckets: number[][]): Lists {
  const start = new Int32Array(buckets.length + 1);
  buckets.forEach((b, i) => (start[i + 1] = start[i]! + b.length));
  const items = new Int32Array(start[buckets.length]!);
  buckets.forEach((b, i) => items.set(b, start[i]!));
  return { start, items };
}

export function buildCityIndex(cities: CityOutline[]): CityIndex {
  const flat: number[] = [];
  const owners: number[] = [];
  cities.forEach((city, c) => {
    for (const ring of city.rings) {
      const n = ring.length / 2;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        flat.push(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!);
        owners.push(c);
      }
    }
  });
  const edges = Float64Array.from(flat);
  const edgeCity = Int32Array.from(owners);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < edges.length; i += 2) {
    minX = Math.min(minX, edges[i]!);
    maxX = Math.max(maxX, edges[i]!);
    minY = Math.min(minY, edges[i + 1]!);
    maxY = Math.max(maxY, edges[i + 1]!);
  }
  minX -= MARGIN;
  minY -= MARGIN;
  const cols = Math.ceil((maxX + MARGIN - minX) / CELL);
  const rows = Math.ceil((maxY + MARGIN - minY) / CELL);

  // Each edge goes to every cell of its bounding box: a few cells too many near diagonals, never one too few.
  const cellBuckets: number[][] = Array.from({ length: cols * rows }, () => []);
  for (let e = 0; e < edgeCity.length; e++) {
    const [x1, y1, x2, y2] = [edges[4 * e]!, edges[4 * e + 1]!, edges[4 * e + 2]!, edges[4 * e + 3]!];
    const c0 = Math.floor((Math.min(x1, x2) - minX) / CELL);
    const c1 = Math.floor((Math.max(x1, x2) - minX) / CELL);
    const r0 = Math.floor((Math.min(y1, y2) - minY) / CELL);
    const r1 = Math.floor((Math.max(y1, y2) - minY) / CELL);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cellBuckets[r * cols + c]!.push(e);
  }

  const bands = cities.map((_, c) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let e = 0; e < edgeCity.length; e++) {
      if (edgeCity[e] !== c) continue;
      lo = Math.min(lo, edges[4 * e + 1]!, edges[4 * e + 3]!);
      hi = Math.max(hi, edges[4 * e + 1]!, edges[4 * e + 3]!);
    }
    const count = Number.isFinite(lo) ? Math.floor((hi - lo) / BAND) + 1 : 0;
    const buckets: number[][] = Array.from({ length: count }, () => []);
    for (let e = 0; e < edgeCity.length; e++) {
      if (edgeCity[e] !== c) continue;
      const b0 = Math.floor((Math.min(edges[4 * e + 1]!, edges[4 * e + 3]!) - lo) / BAND);
      const b1 = Math.floor((Math.max(edges[4 * e + 1]!, edges[4 * e + 3]!) - lo) / BAND);
      for (let b = b0; b <= b1; b++) buckets[b]!.push(e);
    }
    return { minY: lo, count, edges: lists(buckets) };
  });

  const index: CityIndex = { edges, edgeCity, minX, minY, cols, rows, cellEdges: lists(cellBuckets), cellOwner: new Int32Array(cols * rows).fill(-1), bands };
  fillOwners(index);
  return index;
}

/** Scanline per city along each row's centre line: the cells whose centre lies between two crossings are its. */
function fillOwners(index: CityIndex) {
  const e = index.edges;
  index.bands.forEach((band, city) => {
    const r0 = Math.max(0, Math.floor((band.minY - index.minY) / CELL));
    const r1 = Math.min(index.rows - 1, Math.floor((band.minY + band.count * BAND - index.minY) / CELL));
    for (let r = r0; r <= r1; r++) {
      const y = index.minY + (r + 0.5) * CELL;
      const b = Math.floor((y - band.minY) / BAND);
      if (b < 0 || b >= band.count) continue;
      const xs: number[] = [];
      for (let k = band.edges.start[b]!; k < band.edges.start[b + 1]!; k++) {
        const i = 4 * band.edges.items[k]!;
        const [x1, y1, x2, y2] = [e[i]!, e[i + 1]!, e[i + 2]!, e[i + 3]!];
        if (y1 > y !== y2 > y) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
      xs.sort((a, b2) => a - b2);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const c0 = Math.ceil((xs[k]! - index.minX) / CELL - 0.5);
        const c1 = Math.floor((xs[k + 1]! - index.minX) / CELL - 0.5);
        for (let c = Math.max(0, c0); c <= Math.min(index.cols - 1, c1); c++) index.cellOwner[r * index.cols + c] = city;
      }
    }
  });
}

/** Even-odd ray casting over the edges of one band of the city: holes and islands come out right. */
function contains(index: CityIndex, city: number, x: number, y: number): boolean {
  const band = index.bands[city]!;
  const b = Math.floor((y - band.minY) / BAND);
  if (b < 0 || b >= band.count) return false;
  const { start, items } = band.edges;
  const e = index.edges;
  let inside = false;
  for (let k = start[b]!; k < start[b + 1]!; k++) {
    const i = 4 * items[k]!;
    const [x1, y1, x2, y2] = [e[i]!, e[i + 1]!, e[i + 2]!, e[i + 3]!];
    if (y1 > y !== y2 > y && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
  }
  return inside;
}

/** The city a WGS-84 point lies in (distance 0) or, failing that, the one with the nearest edge within maxKm. */
export function cityAt(index: CityIndex, lng: number, lat: number, maxKm: number): { city: number; distanceKm: number } | null {
  const col = Math.floor((lng - index.minX) / CELL);
  const row = Math.floor((lat - index.minY) / CELL);
  if (col < 0 || row < 0 || col >= index.cols || row >= index.rows) return null;
  const cell = row * index.cols + col;
  const { start, items } = index.cellEdges;
  const owner = index.cellOwner[cell]!;
  if (start[cell] === start[cell + 1]) {
    if (owner >= 0) return { city: owner, distanceKm: 0 };
  } else {
    const tried = new Set<number>();
    for (let k = start[cell]!; k <= start[cell + 1]!; k++) {
      const city = k < start[cell + 1]! ? index.edgeCity[items[k]!]! : owner;
      if (city < 0 || tried.has(city)) continue;
      tried.add(city);
      if (contains(index, city, lng, lat)) return { city, distanceKm: 0 };
    }
  }
  return nearestEdge(index, lng, lat, col, row, maxKm);
}

function nearestEdge(index: CityIndex, lng: number, lat: number, col: number, row: number, maxKm: number) {
  const kmX = KM_PER_DEG_LNG_EQUATOR * Math.cos((lat * Math.PI) / 180);
  const rx = Math.ceil(maxKm / (kmX * CELL));
  const ry = Math.ceil(maxKm / (KM_PER_DEG_LAT * CELL));
  const { start, items } = index.cellEdges;
  const e = index.edges;
  let best: { city: number; distanceKm: number } | null = null;
  for (let r = Math.max(0, row - ry); r <= Math.min(index.rows - 1, row + ry); r++) {
    for (let c = Math.max(0, col - rx); c <= Math.min(index.cols - 1, col + rx); c++) {
      const cell = r * index.cols + c;
      for (let k = start[cell]!; k < start[cell + 1]!; k++) {
        const i = 4 * items[k]!;
        const d = segmentKm(lng, lat, e[i]!, e[i + 1]!, e[i + 2]!, e[i + 3]!, kmX);
        if (d <= maxKm && (!best || d < best.distanceKm)) best = { city: index.edgeCity[items[k]!]!, distanceKm: d };
      }
    }
  }
  return best;
}

/** Distance from a point to a segment on a local flat projection: exact enough over tens of kilometres. */
function segmentKm(px: number, py: number, x1: number, y1: number, x2: number, y2: number, kmX: number): number {
  const ax = (x1 - px) * kmX;
  const ay = (y1 - py) * KM_PER_DEG_LAT;
  const bx = (x2 - px) * kmX;
  const by = (y2 - py) * KM_PER_DEG_LAT;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}
