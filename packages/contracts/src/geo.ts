import { z } from 'zod';

/** Messages of the address search (console-spec §5). */
export const GEO_MESSAGES = {
  emptyKeyword: { zh: '请输入地址', en: 'Please enter an address' },
  notFound: { zh: '未找到该地址，请更换关键字', en: 'Address not found, please choose another keyword' },
} as const;

/** GET /api/geo/search?keyword=: places by name, best first (at most 10). */
export const GeoSearchQuery = z.object({ keyword: z.string().trim().min(1, GEO_MESSAGES.emptyKeyword.zh).max(50) });
export type GeoSearchQuery = z.infer<typeof GeoSearchQuery>;

export type GeoPlace = {
  name: string;
  /** Province and city, e.g. 浙江省杭州市. */
  fullName: string;
  level: 'province' | 'city' | 'district' | 'poi';
  /** WGS-84. */
  lng: number;
  lat: number;
  /** Where the answer came from: the shipped gazetteer or the configured external geocoder. */
  source: 'gazetteer' | 'amap';
};

/** A coordinate from a query string: an empty `lng=` is missing, not 0 as plain coercion would make it. */
const queryCoordinate = (name: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined || iss.input === '' ? `请输入${name}` : `${name}须为数字`) })
      .min(-limit, `${name}超出范围`)
      .max(limit, `${name}超出范围`),
  );

/** GET /api/geo/reverse?lng=&lat= (WGS-84): the address of a point. */
export const GeoReverseQuery = z.object({ lng: queryCoordinate('经度', 180), lat: queryCoordinate('纬度', 90) });
export type GeoReverseQuery = z.infer<typeof GeoReverseQuery>;
export type GeoAddress = { address: string; province: string | null; city: string | null };
/**
 * The reply of /api/geo/reverse: null for a point near no Chinese city (open sea, abroad), so a form
 * is never filled with a made-up address.
 */
export type GeoReverseResult = GeoAddress | null;
