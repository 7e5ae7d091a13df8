import { z } from 'zod';
import { defineCall } from './api/call.js';
import { DeviceListItem } from './device.js';
import { id, optional } from './fields.js';
import { DeviceKinds, DeviceStates } from './labels.js';

/** Cluster grid (px) and the zoom a single device opens at (console-spec §9). */
export const MONITOR_CLUSTER_RADIUS = 80;
export const MONITOR_FOCUS_ZOOM = 16;

/** GET /api/monitor/devices: every device in scope, for the map (optionally one department's subtree). */
export const MonitorDevicesQuery = z.object({
  deptId: optional(id()),
});
export type MonitorDevicesQuery = z.infer<typeof MonitorDevicesQuery>;

/**
 * One device on the map. Compact, because 50,000 of them travel at once; coordinates are WGS-84 as
 * stored and the map converts them for the base layer it shows. Never-online devices have no position.
 */
export const MonitorDevice = z.object({
  id: z.number(),
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  state: z.enum(DeviceStates),
  deptId: z.number(),
  plateNumber: z.string().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  speed: z.number().nullable(),
  direction: z.number().nullable(),
  /** Epoch milliseconds of the latest fix. */
  lastTime: z.number().nullable(),
});
export type MonitorDevice = z.infer<typeof MonitorDevice>;

/** GET /api/monitor/deviceCard?deviceNumber=: what the device card on the map shows. */
export const MonitorCardQuery = z.object({ deviceNumber: z.string().trim().min(1, '请输入设备号').max(30) });
export type MonitorCardQuery = z.infer<typeof MonitorCardQuery>;

export const MonitorDeviceCard = DeviceListItem.extend({
  customerPhone: z.string().nullable(),
  brandName: z.string().nullable(),
  modelName: z.string().nullable(),
  /** 1 satellite, 2 cell towers, 3 Wi-Fi; null before the first fix. */
  fixType: z.number().nullable(),
  /** Nearest prefecture-level city of the latest fix, from the gazetteer. */
  address: z.string().nullable(),
  /** Unhandled warnings of this device. */
  openWarnings: z.number(),
  /** The other devices on the same car, for switching between wired and wireless. */
  siblings: z.array(z.object({ deviceNumber: z.string(), deviceKind: z.literal(DeviceKinds) })),
});
export type MonitorDeviceCard = z.infer<typeof MonitorDeviceCard>;

/** GET /api/monitor/search?keyword=: devices by number, plate, frame number or customer name (at most 20). */
export const MonitorSearchQuery = z.object({ keyword: z.string().trim().min(1, '请输入关键字').max(30) });
export type MonitorSearchQuery = z.infer<typeof MonitorSearchQuery>;
export const MonitorSearchItem = z.object({
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  state: z.enum(DeviceStates),
  plateNumber: z.string().nullable(),
  carFrameNumber: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type MonitorSearchItem = z.infer<typeof MonitorSearchItem>;

const TAG = '车辆监控';

export const MonitorCalls = {
  devices: defineCall({
    method: 'GET',
    path: '/api/monitor/devices',
    summary: '地图上的全部设备（可限于一个部门及其下级），实时流随后更新',
    tag: TAG,
    access: 'monitor:view',
    query: MonitorDevicesQuery,
    reply: z.array(MonitorDevice),
  }),
  deviceCard: defineCall({
    method: 'GET',
    path: '/api/monitor/deviceCard',
    summary: '地图上一台设备的信息卡',
    tag: TAG,
    access: 'monitor:view',
    query: MonitorCardQuery,
    reply: MonitorDeviceCard,
  }),
  search: defineCall({
    method: 'GET',
    path: '/api/monitor/search',
    summary: '按设备号、车牌、车架号或客户姓名找设备（最多20台）',
    tag: TAG,
    access: 'monitor:view',
    query: MonitorSearchQuery,
    reply: z.array(MonitorSearchItem),
  }),
};
