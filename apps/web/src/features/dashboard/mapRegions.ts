import type { OutlineFeature } from '../../components/map/outlineGeometry';

type LatLng = [number, number];

/** One area the board's map colours: a province, or a city of the province drilled into. */
export type Region = {
  name: string;
  /** Rings as `[lat, lng]` pairs, outer and inner alike: the canvas fills them even-odd. */
  rings: LatLng[][];
  label: LatLng | null;
  /** Drawn labels go to the largest areas first when counts tie. */
  area: number;
};

/** What the map shows at one level: its regions and the box to fit. */
export type RegionView = { regions: Region[]; bounds: [LatLng, LatLng] };

const toRegion = (f: OutlineFeature, name = f.name): Region => ({
  name,
  rings: f.rings.map((flat) => {
    const ring: LatLng[] = [];
    for (let i = 0; i < flat.length; i += 2) ring.push([flat[i + 1]!, flat[i]!]);
    return ring;
  }),
  label: f.label && [f.label[1], f.label[0]],
  area: (f.bbox[2] - f.bbox[0]) * (f.bbox[3] - f.bbox[1]),
});

function boundsOf(features: readonly OutlineFeature[]): [LatLng, LatLng] {
  const [w, s, e, n] = features.reduce<[number, number, number, number]>(
    (b, f) => [Math.min(b[0], f.bbox[0]), Math.min(b[1], f.bbox[1]), Math.max(b[2], f.bbox[2]), Math.max(b[3], f.bbox[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  return [[s, w], [n, e]];
}

/**
 * The provinces, or one province's cities framed by the province (三沙市's islands reach far south of
 * it). Municipalities and the SARs have no city outlines: their own outline is their one city, as the
 * cars bound there name it (北京市). Null for a province the outlines do not know.
 */
export function regionsOf(features: readonly OutlineFeature[], province: string | null): RegionView | null {
  if (province === null) {
    const provinces = features.filter((f) => f.province);
    return { regions: provinces.map((f) => toRegion(f)), bounds: boundsOf(provinces) };
  }
  const outline = features.find((f) => f.province && f.name === province);
  if (!outline) return null;
  const cities = features.filter((f) => f.parent === province);
  return { regions: cities.length ? cities.map((f) => toRegion(f)) : [toRegion(outline)], bounds: boundsOf([outline]) };
}

/** 内蒙古 for 内蒙古自治区: the short names fit the small eastern provinces. */
export function shortName(name: string): string {
  return name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '') || name;
}

/** Dark blue for few cars, through blue, to cyan for the most. */
const STOPS: [number, number, number][] = [
  [22, 70, 128],
  [24, 144, 255],
  [112, 240, 255],
];
export const NO_CARS_FILL = 'rgba(48, 92, 150, 0.22)';
const rgb = (c: readonly number[]) => `rgb(${c.join(', ')})`;
export const LEGEND_GRADIENT = `linear-gradient(90deg, ${STOPS.map(rgb).join(', ')})`;

/** On a square-root scale, so a province of 30 cars still shows beside one of 3,000. */
export function fillOf(count: number, max: number): string {
  if (count <= 0 || max <= 0) return NO_CARS_FILL;
  const at = Math.sqrt(Math.min(count, max) / max) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(at));
  const f = at - i;
  return rgb(STOPS[i]!.map((v, k) => Math.round(v + (STOPS[i + 1]![k]! - v) * f)));
}

export type LabelBox = { name: string; x: number; y: number; width: number; height: number };

/** The labels that fit, taken in the given order, each centred on its point and overlapping none before it. */
export function placeLabels<T extends LabelBox>(boxes: readonly T[], width: number, height: number): T[] {
  const placed: T[] = [];
  const overlaps = (a: LabelBox, b: LabelBox) => Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height;
  for (const box of boxes) {
    const inside = box.x - box.width / 2 >= 0 && box.x + box.width / 2 <= width && box.y - box.height / 2 >= 0 && box.y + box.height / 2 <= height;
    if (inside && !placed.some((p) => overlaps(p, box))) placed.push(box);
  }
  return placed;
}
