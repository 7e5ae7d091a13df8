import { z } from 'zod';
import { defineCall } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, int, optionalText } from './fields.js';
import { FENCE_LIMITS } from './geometry.js';
import { DeviceKinds, FenceAlarmOns } from './labels.js';

const lng = z.number().min(-180, '经度超出范围').max(180, '经度超出范围');
const lat = z.number().min(-90, '纬度超出范围').max(90, '纬度超出范围');

/** Fence shapes in WGS-84; radius in metres. Polygons are open rings (the last point is not repeated). */
const { minRadiusM, maxRadiusM, minVertices, maxVertices } = FENCE_LIMITS;
export const CircleGeometry = z.object({
  lng,
  lat,
  radius: z.number().min(minRadiusM, `半径至少${minRadiusM}米`).max(maxRadiusM, `半径最多${maxRadiusM / 1000}公里`),
});
export const PolygonGeometry = z.object({
  points: z.array(z.tuple([lng, lat])).min(minVertices, `多边形至少${minVertices}个顶点`).max(maxVertices, `多边形最多${maxVertices}个顶点`),
});
export type CircleGeometry = z.infer<typeof CircleGeometry>;
export type PolygonGeometry = z.infer<typeof PolygonGeometry>;

export const FenceListQuery = PageQuery.extend({ name: optionalText(50) });
export type FenceListQuery = z.infer<typeof FenceListQuery>;

export const FenceSave = z.discriminatedUnion('shape', [
  z.object({
    id: id().optional(),
    name: z.string().trim().min(1, '请输入围栏名称').max(50, '围栏名称最多50个字符'),
    alarmOn: z.enum(FenceAlarmOns, '请选择报警方式'),
    shape: z.literal('circle'),
    geometry: CircleGeometry,
  }),
  z.object({
    id: id().optional(),
    name: z.string().trim().min(1, '请输入围栏名称').max(50, '围栏名称最多50个字符'),
    alarmOn: z.enum(FenceAlarmOns, '请选择报警方式'),
    shape: z.literal('polygon'),
    geometry: PolygonGeometry,
  }),
], '请选择围栏形状');
export type FenceSave = z.infer<typeof FenceSave>;

const FenceItemFields = z.object({
  id: z.number(),
  name: z.string(),
  alarmOn: z.enum(FenceAlarmOns),
  deptId: z.number(),
  deptName: z.string(),
  boundCount: z.number(),
  createTime: z.string(),
  /** False for a fence shared from a department above the caller's: visible and bindable, not editable. */
  own: z.boolean(),
});
export const FenceItem = z.discriminatedUnion('shape', [
  FenceItemFields.extend({ shape: z.literal('circle'), geometry: CircleGeometry }),
  FenceItemFields.extend({ shape: z.literal('polygon'), geometry: PolygonGeometry }),
]);
export type FenceItem = z.infer<typeof FenceItem>;

/** DELETE /api/fence/delete?ids=1,2 */
export const FenceDeleteQuery = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(id(), '请选择围栏').min(1, '请选择围栏').max(100, '一次最多删除100个围栏'),
  ),
});
export type FenceDeleteQuery = z.infer<typeof FenceDeleteQuery>;
/** Deleting is all or nothing: a fence that is not the caller's own makes the whole call answer 404. */
export const FenceDeleteResult = z.object({ deleted: z.number() });
export type FenceDeleteResult = z.infer<typeof FenceDeleteResult>;

/** GET /api/fence/getFenceBindCarList?fenceid=&pageNumber=1&pageSize=1000 */
export const FenceBindListQuery = PageQuery.extend({ fenceid: id(), pageSize: int({ min: 1, max: 1000 }).default(1000) });
export type FenceBindListQuery = z.infer<typeof FenceBindListQuery>;
export const FenceBoundCar = z.object({
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  plateNumber: z.string().nullable(),
  carFrameNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  bindTime: z.string(),
});
export type FenceBoundCar = z.infer<typeof FenceBoundCar>;

/** POST /api/fence/findFenceQuick: fences by name for a bind dialog; with deviceNumber, whether it is bound. */
export const FenceQuickQuery = z.object({ keyword: optionalText(50), deviceNumber: optionalText(30) });
export type FenceQuickQuery = z.infer<typeof FenceQuickQuery>;
export const FenceQuickItem = z.object({
  id: z.number(),
  name: z.string(),
  shape: z.enum(['circle', 'polygon']),
  alarmOn: z.enum(FenceAlarmOns),
  bound: z.boolean(),
});
export type FenceQuickItem = z.infer<typeof FenceQuickItem>;

/** POST /api/fence/quickFenceBindingDeviceNumber and /api/fence/fenceUnBindingDeviceNumbers */
export const FenceBindRequest = z.object({
  fenceId: id(),
  deviceNumbers: z
    .array(z.string().trim().min(1).max(30))
    .min(1, '请输入设备号')
    .max(1000, '一次最多绑定1000个设备'),
});
export type FenceBindRequest = z.infer<typeof FenceBindRequest>;
/** Numbers that are unknown or out of scope are listed back, not silently ignored. */
export const FenceBindResult = z.object({ changed: z.number(), notFound: z.array(z.string()) });
export type FenceBindResult = z.infer<typeof FenceBindResult>;

const TAG = '电子围栏';

export const FenceCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/fence/getList',
    summary: '可见的围栏（本部门的与上级共享的），分页',
    tag: TAG,
    access: 'monitor:view',
    query: FenceListQuery,
    reply: pageOf(FenceItem),
  }),
  save: defineCall({
    method: 'POST',
    path: '/api/fence/save',
    summary: '新建或修改本部门的围栏',
    tag: TAG,
    access: 'fence:edit',
    body: FenceSave,
    reply: z.object({ entity: FenceItem }),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/fence/delete',
    summary: '删除本部门的围栏及其绑定（全部删除或一个不删）',
    tag: TAG,
    access: 'fence:edit',
    query: FenceDeleteQuery,
    reply: FenceDeleteResult,
  }),
  boundCars: defineCall({
    method: 'GET',
    path: '/api/fence/getFenceBindCarList',
    summary: '围栏绑定的车辆（调用者范围内的），分页',
    tag: TAG,
    access: 'monitor:view',
    query: FenceBindListQuery,
    reply: pageOf(FenceBoundCar),
  }),
  quick: defineCall({
    method: 'POST',
    path: '/api/fence/findFenceQuick',
    summary: '按名称找围栏（绑定对话框用）；给出设备号时说明是否已绑定',
    tag: TAG,
    access: 'monitor:view',
    body: FenceQuickQuery,
    reply: z.array(FenceQuickItem),
  }),
  bind: defineCall({
    method: 'POST',
    path: '/api/fence/quickFenceBindingDeviceNumber',
    summary: '把设备绑定到围栏；未知或范围外的设备号列回',
    tag: TAG,
    access: 'fence:edit',
    body: FenceBindRequest,
    reply: FenceBindResult,
  }),
  unbind: defineCall({
    method: 'POST',
    path: '/api/fence/fenceUnBindingDeviceNumbers',
    summary: '解除设备与围栏的绑定；未知或范围外的设备号列回',
    tag: TAG,
    access: 'fence:edit',
    body: FenceBindRequest,
    reply: FenceBindResult,
  }),
};
