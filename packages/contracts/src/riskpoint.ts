import { z } from 'zod';
import { defineCall } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { decimal, id, int, optionalText } from './fields.js';
import { RiskPointCategories } from './labels.js';

/** Risk points near a warning (server-behaviour §8). */
export const RISK_POINT_NEAR_METRES = 3000;

/**
 * GET /api/riskpoint/getDistanceRiskPointByCoordinate (shared: owned by a department above the caller's)
 * and getMyDistanceRiskPointByCoordinate (own: the caller's department subtree); nearest first.
 */
export const RiskPointNearQuery = z.object({
  lng: decimal({ min: -180, max: 180 }),
  lat: decimal({ min: -90, max: 90 }),
  distance: int({ min: 1, max: 100_000 }).default(RISK_POINT_NEAR_METRES),
  category: z.enum(RiskPointCategories).optional(),
});
export type RiskPointNearQuery = z.infer<typeof RiskPointNearQuery>;

/** GET /api/riskpoint/getList: every risk point the caller may see, paged (page size up to 1000 for the map). */
export const RiskPointListQuery = PageQuery.extend({
  name: optionalText(50),
  category: z.enum(RiskPointCategories).optional(),
  owner: z.enum(['own', 'shared']).optional(),
}).extend({ pageSize: int({ min: 1, max: 1000 }).default(20) });
export type RiskPointListQuery = z.infer<typeof RiskPointListQuery>;

export const RiskPointItem = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(RiskPointCategories),
  /** WGS-84 as stored, GCJ-02 for AMap. */
  lng: z.number(),
  lat: z.number(),
  gaodeLng: z.number(),
  gaodeLat: z.number(),
  address: z.string(),
  deptId: z.number(),
  deptName: z.string(),
  own: z.boolean(),
  createTime: z.string(),
  /** Metres from the queried point, in the near queries. */
  distance: z.number().optional(),
});
export type RiskPointItem = z.infer<typeof RiskPointItem>;

/** POST /api/riskpoint/save (id to edit one of the caller's own). */
export const RiskPointSave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1, '请输入风险点名称').max(50, '风险点名称最多50个字符'),
  category: z.enum(RiskPointCategories, '请选择风险点类型'),
  lng: z.number().min(73, '经度超出中国范围').max(136, '经度超出中国范围'),
  lat: z.number().min(3, '纬度超出中国范围').max(54, '纬度超出中国范围'),
  address: z.string().trim().min(1, '请输入地址').max(255, '地址最多255个字符'),
});
export type RiskPointSave = z.infer<typeof RiskPointSave>;

/** DELETE /api/riskpoint/delete?id= (own only). */
export const RiskPointDeleteQuery = z.object({ id: id() });
export type RiskPointDeleteQuery = z.infer<typeof RiskPointDeleteQuery>;

const TAG = '风险点';

export const RiskPointCalls = {
  nearShared: defineCall({
    method: 'GET',
    path: '/api/riskpoint/getDistanceRiskPointByCoordinate',
    summary: '附近的共享风险点（上级金融机构与平台的），由近到远',
    tag: TAG,
    access: 'monitor:view',
    query: RiskPointNearQuery,
    reply: z.array(RiskPointItem),
  }),
  nearOwn: defineCall({
    method: 'GET',
    path: '/api/riskpoint/getMyDistanceRiskPointByCoordinate',
    summary: '附近的本部门风险点，由近到远',
    tag: TAG,
    access: 'monitor:view',
    query: RiskPointNearQuery,
    reply: z.array(RiskPointItem),
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/riskpoint/getList',
    summary: '可见的风险点，分页',
    tag: TAG,
    access: 'monitor:view',
    query: RiskPointListQuery,
    reply: pageOf(RiskPointItem),
  }),
  save: defineCall({
    method: 'POST',
    path: '/api/riskpoint/save',
    summary: '新建或修改本部门的风险点',
    tag: TAG,
    access: 'riskPoint:edit',
    body: RiskPointSave,
    reply: z.object({ entity: RiskPointItem }),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/riskpoint/delete',
    summary: '删除本部门的风险点',
    tag: TAG,
    access: 'riskPoint:edit',
    query: RiskPointDeleteQuery,
    reply: z.null(),
  }),
};
