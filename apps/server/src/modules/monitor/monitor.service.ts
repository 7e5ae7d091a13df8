import type {
  DeviceKind, MonitorCardQuery, MonitorDevice, MonitorDeviceCard, MonitorDevicesQuery, MonitorSearchItem, MonitorSearchQuery,
} from '@cvrisk/contracts';
import { reverseGeocode } from '../../geo/gazetteer.js';
import { notFound } from '../../lib/errors.js';
import { maskPhone } from '../../lib/mask.js';
import { ALL } from '../../lib/scope.js';
import { deviceState } from '../device/device-state.js';
import type { DeviceService } from '../device/device.service.js';
import type { SessionUser } from '../session/session-user.js';
import type { MonitorDeviceRow, MonitorRepository } from './monitor.repository.js';

/** The header search lists this many devices at most. */
export const MONITOR_SEARCH_LIMIT = 20;

function toMonitorDevice(r: MonitorDeviceRow, now: number): MonitorDevice {
  return {
    id: r.id,
    deviceNumber: r.device_number,
    deviceKind: r.kind as DeviceKind,
    state: deviceState(r.kind, r.last_time, r.heard_at, r.speed, now),
    deptId: r.dept_id,
    plateNumber: r.plate_number,
    lng: r.lng,
    lat: r.lat,
    speed: r.speed,
    direction: r.direction,
    lastTime: r.last_time,
  };
}

export function createMonitorService(repo: MonitorRepository, devices: DeviceService, now: () => number = Date.now) {
  return {
    async devices(user: SessionUser, q: MonitorDevicesQuery): Promise<MonitorDevice[]> {
      const t = now();
      return (await repo.devices(user.scope, q.deptId)).map((r) => toMonitorDevice(r, t));
    },

    /**
     * The given devices whatever their department: the live stream reads each changed device once
     * and then hands every connection only the ones of its own scope.
     */
    async forStream(ids: readonly number[]): Promise<MonitorDevice[]> {
      const t = now();
      return (await repo.byIds(ALL, ids)).map((r) => toMonitorDevice(r, t));
    },

    /** Devices of every scope that went offline between the two times, for the stream to publish. */
    wentOffline: (from: number, to: number) => repo.wentOffline(ALL, from, to),

    async card(user: SessionUser, q: MonitorCardQuery): Promise<MonitorDeviceCard> {
      const [item] = await devices.byNumbers(user, [q.deviceNumber]);
      if (!item) throw notFound('设备不存在');
      const [extras, siblings] = await Promise.all([
        repo.cardExtras(user.scope, item.id),
        item.carId === null ? [] : repo.siblings(user.scope, item.carId, item.id),
      ]);
      const phone = extras?.phone ?? null;
      // The full number only for roles trusted with it (server-behaviour §2), as in the lists.
      const sensitive = user.permissions.has('customer:sensitive');
      const place = item.lng === null || item.lat === null ? null : reverseGeocode(item.lng, item.lat);
      return {
        ...item,
        customerPhone: phone === null ? null : sensitive ? phone : maskPhone(phone),
        brandName: extras?.brand_name ?? null,
        modelName: extras?.model_name ?? null,
        fixType: extras?.fix_type ?? null,
        address: place?.address ?? null,
        openWarnings: Number(extras?.open_warnings ?? 0),
        siblings: siblings.map((s) => ({ deviceNumber: s.device_number, deviceKind: s.kind as DeviceKind })),
      };
    },

    async search(user: SessionUser, q: MonitorSearchQuery): Promise<MonitorSearchItem[]> {
      const t = now();
      return (await repo.search(user.scope, q.keyword, MONITOR_SEARCH_LIMIT)).map((r) => ({
        deviceNumber: r.device_number,
        deviceKind: r.kind as DeviceKind,
        state: deviceState(r.kind, r.last_time, r.heard_at, r.speed, t),
        plateNumber: r.plate_number,
        carFrameNumber: r.frame_number,
        customerName: r.customer_name,
      }));
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
