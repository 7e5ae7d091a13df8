import gcoordModule from 'gcoord';

// gcoord is CommonJS typed as an ES default export: Node hands over the object itself, TypeScript
// expects it under `.default`. Take whichever holds `transform`.
type Gcoord = typeof gcoordModule.default;
const gcoord: Gcoord = 'transform' in gcoordModule ? (gcoordModule as unknown as Gcoord) : gcoordModule.default;

/**
 * WGS-84 → GCJ-02 for display on Chinese maps (AMap). Stored positions stay WGS-84; this is applied
 * on the way out only. Outside China the two coincide, as the standard conversion defines.
 */
export function toGcj02(lng: number, lat: number): [number, number] {
  const [gLng, gLat] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
  return [round6(gLng), round6(gLat)];
}

/** GCJ-02 → WGS-84, for coordinates that come from AMap (its geocoder answers in GCJ-02). */
export function fromGcj02(lng: number, lat: number): [number, number] {
  const [wLng, wLat] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84) as [number, number];
  return [round6(wLng), round6(wLat)];
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
