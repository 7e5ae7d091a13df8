import type { GeoAddress, GeoPlace } from '@cvrisk/contracts';
import { fromGcj02, toGcj02 } from '../../lib/coords.js';

/**
 * AMap's web service (restapi.amap.com v3), the external geocoder of server-behaviour §8. It speaks
 * GCJ-02; everything crossing this file is WGS-84. Any failure (network, timeout, refused key)
 * throws, and the caller falls back to the gazetteer.
 */
export type AmapClient = {
  search(keyword: string, limit: number): Promise<GeoPlace[]>;
  reverse(lng: number, lat: number): Promise<GeoAddress | null>;
};

/** A console user is waiting for the answer; the gazetteer is better than a spinner. */
const TIMEOUT_MS = 2000;

/** AMap writes an absent value as an empty array: `"city": []` for a municipality. */
type Text = string | string[] | undefined;
const text = (v: Text): string => (typeof v === 'string' ? v : '');

type GeoReply = {
  status: string;
  info?: string;
  geocodes?: { formatted_address?: Text; province?: Text; city?: Text; district?: Text; location?: Text; level?: Text }[];
};
type RegeoReply = {
  status: string;
  info?: string;
  regeocode?: { formatted_address?: Text; addressComponent?: { province?: Text; city?: Text; district?: Text } };
};

const LEVELS: Record<string, GeoPlace['level']> = { 省: 'province', 市: 'city', 区县: 'district' };

export function createAmapClient(key: string, baseUrl: string): AmapClient {
  async function call<T extends { status: string; info?: string }>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${baseUrl}${path}?${new URLSearchParams({ ...params, key, output: 'JSON' })}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`AMap ${path}: HTTP ${res.status}`);
    const body = (await res.json()) as T;
    // status "0" carries the reason, e.g. INVALID_USER_KEY or DAILY_QUERY_OVER_LIMIT.
    if (body.status !== '1') throw new Error(`AMap ${path}: ${body.info ?? 'status ' + body.status}`);
    return body;
  }

  return {
    async search(keyword, limit) {
      const body = await call<GeoReply>('/v3/geocode/geo', { address: keyword });
      return (body.geocodes ?? []).slice(0, limit).flatMap((g): GeoPlace[] => {
        const [gLng, gLat] = text(g.location).split(',').map(Number);
        if (!Number.isFinite(gLng) || !Number.isFinite(gLat)) return [];
        const [lng, lat] = fromGcj02(gLng!, gLat!);
        const province = text(g.province);
        const city = text(g.city);
        const full = text(g.formatted_address) || province + (city === province ? '' : city) + text(g.district);
        return [{ name: full, fullName: province + (city === province ? '' : city), level: LEVELS[text(g.level)] ?? 'poi', lng, lat, source: 'amap' }];
      });
    },
    async reverse(lng, lat) {
      const [gLng, gLat] = toGcj02(lng, lat);
      const body = await call<RegeoReply>('/v3/geocode/regeo', { location: `${gLng},${gLat}` });
      const address = text(body.regeocode?.formatted_address);
      if (!address) return null;
      const province = text(body.regeocode?.addressComponent?.province) || null;
      // Municipalities have no separate city: 北京市 is both.
      const city = text(body.regeocode?.addressComponent?.city) || province;
      const district = text(body.regeocode?.addressComponent?.district) || null;
      return { address, province, city, district };
    },
  };
}
