/**
 * A grid over area outlines (cities, districts) so that naming a point costs microseconds: most
 * cells lie wholly inside one area and answer at once; cells a border crosses test the point against
 * the few areas whose edges pass through them; points in no area look for the nearest edge around.
 */

/** An area's outline: rings (outer and holes alike) as flat [x0, y0, x1, y1, …] in degrees. */
export type AreaOutline = { rings: Float64Array[] };

/** Compressed lists: the items of list i are items[start[i] .. start[i + 1]). */
type Lists = { start: Int32Array; items: Int32Array };

export type AreaIndex = {
  /** Edges as x1, y1, x2, y2, area by area, and the area each belongs to. Single precision is ~1 m. */
  edges: Float32Array;
  edgeArea: Int32Array;
  cell: number;
  minX: number;
  minY: number;
  cols: number;
  rows: number;
  /** Edges passing through each cell. */
  cellEdges: Lists;
  /** The area holding each cell's centre, -1 for none. */
  cellOwner: Int32Array;
  /** Band height of the per-area lists below. */
  band: number;
  /** Per area, its edges by horizontal band, for point-in-polygon tests that read only one band. */
  bands: { minY: number; count: number; edges: Lists }[];
  /** Per area, the lookup that last tested it: each area is tested once per lookup without a set. */
  tested: Uint32Array;
  lookups: number;
};

/** Grid cell and band size in degrees: a city spans about a degree, an urban district a tenth of one. */
export type AreaIndexSize = { cell: number; band: number };

/** The grid reaches this far beyond the outlines, so points just outside still find their nearest area. */
const MARGIN = 1;
const KM_PER_DEG_LAT = 110.57;
const KM_PER_DEG_LNG_EQUATOR = 111.32;

/** Items sorted into n lists in two passes (count, then place): no array per list. */
function lists(n: number, forEach: (put: (list: number, item: number) => void) => void): Lists {
  const start = new Int32Array(n + 1);
  forEach((list) => start[list + 1]!++);
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const items = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  forEach((list, item) => (items[fill[list]!++] = item));
  return { start, items };
}

export function buildAreaIndex(areas: AreaOutline[], size: AreaIndexSize): AreaIndex {
  let edgeCount = 0;
  for (const a of areas) for (const r of a.rings) edgeCount += r.length / 2;
  const edges = new Float32Array(edgeCount * 4);
  const edgeArea = new Int32Array(edgeCount);
  const firstEdge = new Int32Array(areas.length + 1);
  let e = 0;
  areas.forEach((area, a) => {
    for (const ring of area.rings) {
      const n = ring.length / 2;
      for (let i = 0; i < n; i++, e++) {
        const j = (i + 1) % n;
        edges[4 * e] = ring[2 * i]!;
        edges[4 * e + 1] = ring[2 * i + 1]!;
        edges[4 * e + 2] = ring[2 * j]!;
        edges[4 * e + 3] = ring[2 * j + 1]!;
        edgeArea[e] = a;
      }
    }
    firstEdge[a + 1] = e;
  });
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < edges.length; i += 2) {
    minX = Math.min(minX, edges[i]!);
    maxX = Math.max(maxX, edges[i]!);
    minY = Math.min(minY, edges[i + 1]!);
    maxY = Math.max(maxY, edges[i + 1]!);
  }
  const { cell, band } = size;
  minX -= MARGIN;
  minY -= MARGIN;
  const cols = Math.ceil((maxX + MARGIN - minX) / cell);
  const rows = Math.ceil((maxY + MARGIN - minY) / cell);

  // Each edge goes to every cell of its bounding box: a few cells too many near diagonals, never one too few.
  const cellEdges = lists(cols * rows, (put) => {
    for (let k = 0; k < edgeArea.length; k++) {
      const [x1, y1, x2, y2] = [edges[4 * k]!, edges[4 * k + 1]!, edges[4 * k + 2]!, edges[4 * k + 3]!];
      const c0 = Math.floor((Math.min(x1, x2) - minX) / cell);
      const c1 = Math.floor((Math.max(x1, x2) - minX) / cell);
      const r0 = Math.floor((Math.min(y1, y2) - minY) / cell);
      const r1 = Math.floor((Math.max(y1, y2) - minY) / cell);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) put(r * cols + c, k);
    }
  });

  const bands = areas.map((_, a) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = firstEdge[a]!; k < firstEdge[a + 1]!; k++) {
      lo = Math.min(lo, edges[4 * k + 1]!, edges[4 * k + 3]!);
      hi = Math.max(hi, edges[4 * k + 1]!, edges[4 * k + 3]!);
    }
    const count = Number.isFinite(lo) ? Math.floor((hi - lo) / band) + 1 : 0;
    const byBand = lists(count, (put) => {
      for (let k = firstEdge[a]!; k < firstEdge[a + 1]!; k++) {
        const b0 = Math.floor((Math.min(edges[4 * k + 1]!, edges[4 * k + 3]!) - lo) / band);
        const b1 = Math.floor((Math.max(edges[4 * k + 1]!, edges[4 * k + 3]!) - lo) / band);
        for (let b = b0; b <= b1; b++) put(b, k);
      }
    });
    return { minY: lo, count, edges: byBand };
  });

  const index: AreaIndex = { edges, edgeArea, cell, minX, minY, cols, rows, cellEdges, cellOwner: new Int32Array(cols * rows).fill(-1), band, bands, tested: new Uint32Array(areas.length), lookups: 0 };
  fillOwners(index);
  return index;
}

/** Scanline per area along each row's centre line: the cells whose centre lies between two crossings are its. */
function fillOwners(index: AreaIndex) {
  const { edges: e, cell } = index;
  index.bands.forEach((band, area) => {
    const r0 = Math.max(0, Math.floor((band.minY - index.minY) / cell));
    const r1 = Math.min(index.rows - 1, Math.floor((band.minY + band.count * index.band - index.minY) / cell));
    for (let r = r0; r <= r1; r++) {
      const y = index.minY + (r + 0.5) * cell;
      const b = Math.floor((y - band.minY) / index.band);
      if (b < 0 || b >= band.count) continue;
      const xs: number[] = [];
      for (let k = band.edges.start[b]!; k < band.edges.start[b + 1]!; k++) {
        const i = 4 * band.edges.items[k]!;
        const [x1, y1, x2, y2] = [e[i]!, e[i + 1]!, e[i + 2]!, e[i + 3]!];
        if (y1 > y !== y2 > y) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
      xs.sort((a, b2) => a - b2);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const c0 = Math.ceil((xs[k]! - index.minX) / cell - 0.5);
        const c1 = Math.floor((xs[k + 1]! - index.minX) / cell - 0.5);
        for (let c = Math.max(0, c0); c <= Math.min(index.cols - 1, c1); c++) index.cellOwner[r * index.cols + c] = area;
      }
    }
  });
}

/** Even-odd ray casting over the edges of one band of the area: holes and islands come out right. */
function contains(index: AreaIndex, area: number, x: number, y: number): boolean {
  const band = index.bands[area]!;
  const b = Math.floor((y - band.minY) / index.band);
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

/** The area a WGS-84 point lies in (distance 0) or, failing that, the one with the nearest edge within maxKm. */
export function areaAt(index: AreaIndex, lng: number, lat: number, maxKm: number): { area: number; distanceKm: number } | null {
  const col = Math.floor((lng - index.minX) / index.cell);
  const row = Math.floor((lat - index.minY) / index.cell);
  if (col < 0 || row < 0 || col >= index.cols || row >= index.rows) return null;
  const cell = row * index.cols + col;
  const { start, items } = index.cellEdges;
  const owner = index.cellOwner[cell]!;
  if (start[cell] === start[cell + 1]) {
    if (owner >= 0) return { area: owner, distanceKm: 0 };
  } else {
    if (++index.lookups === 0xffffffff) {
      index.tested.fill(0);
      index.lookups = 1;
    }
    const lookup = index.lookups;
    for (let k = start[cell]!; k <= start[cell + 1]!; k++) {
      const area = k < start[cell + 1]! ? index.edgeArea[items[k]!]! : owner;
      if (area < 0 || index.tested[area] === lookup) continue;
      index.tested[area] = lookup;
      if (contains(index, area, lng, lat)) return { area, distanceKm: 0 };
    }
  }
  return nearestEdge(index, lng, lat, col, row, maxKm);
}

function nearestEdge(index: AreaIndex, lng: number, lat: number, col: number, row: number, maxKm: number) {
  const kmX = KM_PER_DEG_LNG_EQUATOR * Math.cos((lat * Math.PI) / 180);
  const rx = Math.ceil(maxKm / (kmX * index.cell));
  const ry = Math.ceil(maxKm / (KM_PER_DEG_LAT * index.cell));
  const { start, items } = index.cellEdges;
  const e = index.edges;
  let best: { area: number; distanceKm: number } | null = null;
  for (let r = Math.max(0, row - ry); r <= Math.min(index.rows - 1, row + ry); r++) {
    for (let c = Math.max(0, col - rx); c <= Math.min(index.cols - 1, col + rx); c++) {
      const cell = r * index.cols + c;
      for (let k = start[cell]!; k < start[cell + 1]!; k++) {
        const i = 4 * items[k]!;
        const d = segmentKm(lng, lat, e[i]!, e[i + 1]!, e[i + 2]!, e[i + 3]!, kmX);
        if (d <= maxKm && (!best || d < best.distanceKm)) best = { area: index.edgeArea[items[k]!]!, distanceKm: d };
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
