import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { optionalText } from './fields.js';
import { RiskPointCategories, type RiskPointCategory } from './labels.js';

/** Risk points near a warning (server-behaviour §8). */
export const RISK_POINT_NEAR_METRES = 3000;

/**
 * GET /api/riskpoint/getDistanceRiskPointByCoordinate (shared: owned by a department above the caller's)
 * and getMyDistanceRiskPointByCoordinate (own: the caller's department subtree); nearest first.
 */
export const RiskPointNearQuery = z.object({
  lng: z.coerce.number().min(-180, '经度超出范围').max(180, '经度超出范围'),
  lat: z.coerce.number().min(-90, '纬度超出范围').max(90, '纬度超出范围'),
  distance: z.coerce.number().int().min(1).max(100_000).default(RISK_POINT_NEAR_METRES),
  category: z.enum(RiskPointCategories).optional(),
});
export type RiskPointNearQuery = z.infer<typeof RiskPointNearQuery>;

/** GET /api/riskpoint/getList: every risk point the caller may see, paged (page size up to 1000 for the map). */
export const RiskPointListQuery = PageQuery.extend({
  name: optionalText(50),
  category: z.enum(RiskPointCategories).optional(),
  owner: z.enum(['own', 'shared']).optional(),
}).extend({ pageSize: z.coerce.number().int().min(1).max(1000).default(20) });
export type RiskPointListQuery = z.infer<typeof RiskPointListQuery>;

export type RiskPointItem = {
  id: number;
  name: string;
  category: RiskPointCategory;
  /** WGS-84 as stored, GCJ-02 for AMap. */
  lng: number;
  lat: number;
  gaodeLng: number;
  gaodeLat: number;
  address: string;
  deptId: number;
  deptName: string;
  own: boolean;
  createTime: string;
  /** Metres from the queried point, in the near queries. */
  distance?: number;
};

/** POST /api/riskpoint/save (id to edit one of the caller's own). */
export const RiskPointSave = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, '请输入风险点名称').max(50, '风险点名称最多50个字符'),
  category: z.enum(RiskPointCategories, '请选择风险点类型'),
  lng: z.number().min(73, '经度超出中国范围').max(136, '经度超出中国范围'),
  lat: z.number().min(3, '纬度超出中国范围').max(54, '纬度超出中国范围'),
  address: z.string().trim().min(1, '请输入地址').max(255, '地址最多255个字符'),
});
export type RiskPointSave = z.infer<typeof RiskPointSave>;

/** DELETE /api/riskpoint/delete?id= (own only). */
export const RiskPointDeleteQuery = z.object({ id: z.coerce.number().int().positive('风险点编号无效') });
export type RiskPointDeleteQuery = z.infer<typeof RiskPointDeleteQuery>;
