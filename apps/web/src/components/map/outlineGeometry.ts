/** The offline outlines, prepared once for drawing tile by tile: flat coordinates, bounding boxes, label points. */
export type OutlineFeature = {
  name: string;
  province: boolean;
  /** A city's province (its `province` property); null for a province. */
  parent: string | null;
  /** Outer and inner rings as flat `[lng, lat, lng, lat, …]` arrays (WGS-84). */
  rings: Float64Array[];
  /** `[west, south, east, north]`. */
  bbox: [number, number, number, number];
  /** Where the name goes: the centroid of the largest part. */
  label: [number, number] | null;
};

/** The centroid and area of a ring, by the shoelace formula. */
function ringCentroid(ring: GeoJSON.Position[]): { at: [number, number]; area: number } {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j] as [number, number];
    const [x1, y1] = ring[i] as [number, number];
    const f = x0 * y1 - x1 * y0;
    a += f;
    x += (x0 + x1) * f;
    y += (y0 + y1) * f;
  }
  if (a === 0) return { at: ring[0] as [number, number], area: 0 };
  return { at: [x / (3 * a), y / (3 * a)], area: Math.abs(a / 2) };
}

export function prepareOutlines(data: GeoJSON.FeatureCollection): OutlineFeature[] {
  const out: OutlineFeature[] = [];
  for (const f of data.features) {
    const g = f.geometry;
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    const props = f.properties as { name?: string; level?: string; province?: string } | null;
    const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    const rings: Float64Array[] = [];
    let best: { at: [number, number]; area: number } | null = null;
    for (const polygon of polygons) {
      polygon.forEach((ring, i) => {
        const flat = new Float64Array(ring.length * 2);
        ring.forEach(([lng, lat], k) => {
          flat[2 * k] = lng!;
          flat[2 * k + 1] = lat!;
          if (lng! < bbox[0]) bbox[0] = lng!;
          if (lat! < bbox[1]) bbox[1] = lat!;
          if (lng! > bbox[2]) bbox[2] = lng!;
          if (lat! > bbox[3]) bbox[3] = lat!;
        });
        rings.push(flat);
        if (i === 0 && ring.length) {
          const c = ringCentroid(ring);
          if (!best || c.area > best.area) best = c;
        }
      });
    }
    if (!rings.length) continue;
    const province = props?.level !== 'city';
    out.push({ name: props?.name ?? '', province, parent: province ? null : (props?.province ?? null), rings, bbox, label: (best as { at: [number, number] } | null)?.at ?? null });
  }
  // Cities first, so that province borders and names draw over them.
  return out.sort((a, b) => Number(a.province) - Number(b.province));
}

/** Whether a point lies inside a feature's area: even-odd over all its rings, so holes are outside. */
export function containsPoint(f: OutlineFeature, lng: number, lat: number): boolean {
  const [w, s, e, n] = f.bbox;
  if (lng < w || lng > e || lat < s || lat > n) return false;
  let inside = false;
  for (const ring of f.rings) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const xi = ring[i]!;
      const yi = ring[i + 1]!;
      const xj = ring[j]!;
      const yj = ring[j + 1]!;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The province and city a WGS-84 point is in, by the offline outlines (null outside every outline). */
export function placeAt(features: OutlineFeature[], lng: number, lat: number): { province: string | null; city: string | null } {
  const city = features.find((f) => !f.province && containsPoint(f, lng, lat)) ?? null;
  const province = city?.parent ?? features.find((f) => f.province && containsPoint(f, lng, lat))?.name ?? null;
  return { province, city: city?.name ?? null };
}
