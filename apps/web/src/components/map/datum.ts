import gcoord from 'gcoord';

/**
 * The geodetic datum a base layer is drawn in. AMap tiles are GCJ-02 (China's obfuscated datum, shifted
 * by a few hundred metres); OpenStreetMap and the offline outlines are WGS-84, the datum of every stored
 * position. Points outside China are the same in both.
 */
export type Datum = 'gcj02' | 'wgs84';

/** A stored (WGS-84) point as the given datum shows it, `[lng, lat]`. */
export function wgsToDatum(lng: number, lat: number, datum: Datum): [number, number] {
  if (datum === 'wgs84') return [lng, lat];
  return gcoord.transform<[number, number]>([lng, lat], gcoord.WGS84, gcoord.GCJ02);
}

/** A point shown in the given datum back to WGS-84, `[lng, lat]`. */
export function datumToWgs(lng: number, lat: number, datum: Datum): [number, number] {
  if (datum === 'wgs84') return [lng, lat];
  return gcoord.transform<[number, number]>([lng, lat], gcoord.GCJ02, gcoord.WGS84);
}
