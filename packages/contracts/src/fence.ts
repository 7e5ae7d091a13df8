import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { optionalText } from './fields.js';
import { FenceAlarmOns, type FenceAlarmOn } from './labels.js';

const lng = z.number().min(-180, '经度超出范围').max(180, '经度超出范围');
const lat = z.number().min(-90, '纬度超出范围').max(90, '纬度超出范围');

/** Fence shapes in WGS-84; radius in metres. Polygons are open rings (the last point is not repeated). */
export const CircleGeometry = z.object({ lng, lat, radius: z.number().min(50, '半径至少50米').max(500_000, '半径最多500公里') });
export const PolygonGeometry = z.object({
  points: z.array(z.tuple([lng, lat])).min(3, '多边形至少3个顶点').max(200, '多边形最多200个顶点'),
});
export type CircleGeometry = z.infer<typeof CircleGeometry>;
export type PolygonGeometry = z.infer<typeof PolygonGeometry>;

export const FenceListQuery = PageQuery.extend({ name: optionalText(50) });
export type FenceListQuery = z.infer<typeof FenceListQuery>;

export const FenceSave = z.discriminatedUnion('shape', [
  z.object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1, '请输入围栏名称').max(50, '围栏名称最多50个字符'),
    alarmOn: z.enum(FenceAlarmOns, '请选择报警方式'),
    shape: z.literal('circle'),
    geometry: CircleGeometry,
  }),
  z.object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1, '请输入围栏名称').max(50, '围栏名称最多50个字符'),
    alarmOn: z.enum(FenceAlarmOns, '请选择报警方式'),
    shape: z.literal('polygon'),
    geometry: PolygonGeometry,
  }),
], '请选择围栏形状');
export type FenceSave = z.infer<typeof FenceSave>;

export type FenceItem = {
  id: number;
  name: string;
  alarmOn: FenceAlarmOn;
  deptId: number;
  deptName: string;
  boundCount: number;
  createTime: string;
  /** False for a fence shared from a department above the caller's: visible and bindable, not editable. */
  own: boolean;
} & ({ shape: 'circle'; geometry: CircleGeometry } | { shape: 'polygon'; geometry: PolygonGeometry });

/** DELETE /api/fence/delete?ids=1,2 */
export const FenceDeleteQuery = z.object({
  ids: z
    .union([z.array(z.coerce.number()), z.string()], '请选择围栏')
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter(Boolean).map(Number)))
    .pipe(z.array(z.number('围栏编号无效').int('围栏编号无效').positive('围栏编号无效')).min(1, '请选择围栏').max(100, '一次最多删除100个围栏')),
});
export type FenceDeleteQuery = z.infer<typeof FenceDeleteQuery>;
/** Deleting is all or nothing: a fence that is not the caller's own makes the whole call answer 404. */
export type FenceDeleteResult = { deleted: number };

/** GET /api/fence/getFenceBindCarList?fenceid=&pageNumber=1&pageSize=1000 */
export const FenceBindListQuery = z.object({
  fenceid: z.coerce.number().int().positive('请选择围栏'),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
});
export type FenceBindListQuery = z.infer<typeof FenceBindListQuery>;
export type FenceBoundCar = {
  deviceNumber: string;
  deviceKind: 1 | 2;
  plateNumber: string | null;
  carFrameNumber: string | null;
  customerName: string | null;
  bindTime: string;
};

/** POST /api/fence/findFenceQuick: fences by name for a bind dialog; with deviceNumber, whether it is bound. */
export const FenceQuickQuery = z.object({ keyword: optionalText(50), deviceNumber: optionalText(30) });
export type FenceQuickQuery = z.infer<typeof FenceQuickQuery>;
export type FenceQuickItem = { id: number; name: string; shape: 'circle' | 'polygon'; alarmOn: FenceAlarmOn; bound: boolean };

/** POST /api/fence/quickFenceBindingDeviceNumber and /api/fence/fenceUnBindingDeviceNumbers */
export const FenceBindRequest = z.object({
  fenceId: z.number().int().positive('请选择围栏'),
  deviceNumbers: z
    .array(z.string().trim().min(1).max(30))
    .min(1, '请输入设备号')
    .max(1000, '一次最多绑定1000个设备'),
});
export type FenceBindRequest = z.infer<typeof FenceBindRequest>;
/** Numbers that are unknown or out of scope are listed back, not silently ignored. */
export type FenceBindResult = { changed: number; notFound: string[] };
