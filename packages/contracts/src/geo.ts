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

/** GET /api/geo/reverse?lng=&lat= (WGS-84): the address of a point. */
export const GeoReverseQuery = z.object({
  lng: z.coerce.number().min(-180, '经度超出范围').max(180, '经度超出范围'),
  lat: z.coerce.number().min(-90, '纬度超出范围').max(90, '纬度超出范围'),
});
export type GeoReverseQuery = z.infer<typeof GeoReverseQuery>;
export type GeoAddress = { address: string; province: string | null; city: string | null };
