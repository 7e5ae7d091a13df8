import { z } from 'zod';
import { defineCall } from './api/call.js';
import { decimal } from './fields.js';

/** Messages of the address search (console-spec §5). */
export const GEO_MESSAGES = {
  emptyKeyword: { zh: '请输入地址', en: 'Please enter an address' },
  notFound: { zh: '未找到该地址，请更换关键字', en: 'Address not found, please choose another keyword' },
} as const;

/** GET /api/geo/search?keyword=: places by name, best first (at most 10). */
export const GeoSearchQuery = z.object({
  keyword: z
    .string({ error: (iss) => (iss.input === undefined ? GEO_MESSAGES.emptyKeyword.zh : undefined) })
    .trim()
    .min(1, GEO_MESSAGES.emptyKeyword.zh)
    .max(50),
});
export type GeoSearchQuery = z.infer<typeof GeoSearchQuery>;

export const GeoPlace = z.object({
  name: z.string(),
  /** Province and city (浙江省杭州市); for a district of the gazetteer, its district too (浙江省杭州市西湖区). */
  fullName: z.string(),
  level: z.enum(['province', 'city', 'district', 'poi']),
  /** WGS-84. */
  lng: z.number(),
  lat: z.number(),
  /** Where the answer came from: the shipped gazetteer or the configured external geocoder. */
  source: z.enum(['gazetteer', 'amap']),
});
export type GeoPlace = z.infer<typeof GeoPlace>;

/** GET /api/geo/reverse?lng=&lat= (WGS-84): the address of a point. */
export const GeoReverseQuery = z.object({ lng: decimal({ min: -180, max: 180 }), lat: decimal({ min: -90, max: 90 }) });
export type GeoReverseQuery = z.infer<typeof GeoReverseQuery>;
export const GeoAddress = z.object({
  /** 浙江省杭州市西湖区; 北京市海淀区; 广东省东莞市 where the city has no districts; 浙江省舟山市附近 off a coast. */
  address: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  /** 区/县/县级市/旗, null where none is known (a city without districts, a point only near a city). */
  district: z.string().nullable(),
});
export type GeoAddress = z.infer<typeof GeoAddress>;
/**
 * The reply of /api/geo/reverse: null for a point near no Chinese city (open sea, abroad), so a form
 * is never filled with a made-up address.
 */
export const GeoReverseResult = GeoAddress.nullable();
export type GeoReverseResult = z.infer<typeof GeoReverseResult>;

const TAG = '地址';

/** For any signed-in user: places are not scoped data. */
export const GeoCalls = {
  search: defineCall({
    method: 'GET',
    path: '/api/geo/search',
    summary: '按名称找地点，最相关的在前（最多10个）',
    tag: TAG,
    access: 'signedIn',
    query: GeoSearchQuery,
    reply: z.array(GeoPlace),
  }),
  reverse: defineCall({
    method: 'GET',
    path: '/api/geo/reverse',
    summary: '一个点（WGS-84）的地址；离中国城市太远时为 null',
    tag: TAG,
    access: 'signedIn',
    query: GeoReverseQuery,
    reply: GeoReverseResult,
  }),
};
