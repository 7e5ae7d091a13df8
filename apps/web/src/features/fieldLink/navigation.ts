import { wgsToDatum } from '../../components/map/datum';

/** AMap's URI API: opens the AMap app where installed (callnative), its web map elsewhere. It takes GCJ-02. */
export function amapMarkerUrl(lng: number, lat: number, name: string): string {
  const [gLng, gLat] = wgsToDatum(lng, lat, 'gcj02');
  const params = new URLSearchParams({ position: `${gLng.toFixed(6)},${gLat.toFixed(6)}`, name, src: 'cvrisk', coordinate: 'gaode', callnative: '1' });
  return `https://uri.amap.com/marker?${params}`;
}

/** RFC 5870: any map app the phone has (WGS-84, as stored). */
export function geoUrl(lng: number, lat: number, name: string): string {
  const at = `${lat.toFixed(6)},${lng.toFixed(6)}`;
  return `geo:${at}?q=${at}(${encodeURIComponent(name)})`;
}
