import { z } from 'zod';
import type { DeviceKind, DeviceState } from './labels.js';
import type { DeviceListItem } from './device.js';

/** Cluster grid (px) and the zoom a single device opens at (console-spec §9). */
export const MONITOR_CLUSTER_RADIUS = 80;
export const MONITOR_FOCUS_ZOOM = 16;

/** GET /api/monitor/devices: every device in scope, for the map (optionally one department's subtree). */
export const MonitorDevicesQuery = z.object({
  deptId: z.coerce.number().int().positive().optional(),
});
export type MonitorDevicesQuery = z.infer<typeof MonitorDevicesQuery>;

/**
 * One device on the map. Compact, because 50,000 of them travel at once; coordinates are WGS-84 as
 * stored and the map converts them for the base layer it shows. Never-online devices have no position.
 */
export type MonitorDevice = {
  id: number;
  deviceNumber: string;
  deviceKind: DeviceKind;
  state: DeviceState;
  deptId: number;
  plateNumber: string | null;
  lng: number | null;
  lat: number | null;
  speed: number | null;
  direction: number | null;
  /** Epoch milliseconds of the latest fix. */
  lastTime: number | null;
};

/** GET /api/monitor/deviceCard?deviceNumber=: what the device card on the map shows. */
export const MonitorCardQuery = z.object({ deviceNumber: z.string().trim().min(1, '请输入设备号').max(30) });
export type MonitorCardQuery = z.infer<typeof MonitorCardQuery>;

export type MonitorDeviceCard = DeviceListItem & {
  customerPhone: string | null;
  brandName: string | null;
  modelName: string | null;
  /** 1 satellite, 2 cell towers, 3 Wi-Fi; null before the first fix. */
  fixType: number | null;
  /** Nearest prefecture-level city of the latest fix, from the gazetteer. */
  address: string | null;
  /** Unhandled warnings of this device. */
  openWarnings: number;
  /** The other devices on the same car, for switching between wired and wireless. */
  siblings: { deviceNumber: string; deviceKind: DeviceKind }[];
};

/** GET /api/monitor/search?keyword=: devices by number, plate, frame number or customer name (at most 20). */
export const MonitorSearchQuery = z.object({ keyword: z.string().trim().min(1, '请输入关键字').max(30) });
export type MonitorSearchQuery = z.infer<typeof MonitorSearchQuery>;
export type MonitorSearchItem = {
  deviceNumber: string;
  deviceKind: DeviceKind;
  state: DeviceState;
  plateNumber: string | null;
  carFrameNumber: string | null;
  customerName: string | null;
};
