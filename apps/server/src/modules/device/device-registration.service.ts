import { formatTime, type ResetRegistrationResult } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { SessionUser } from '../session/session-user.js';
import type { DeviceRepository } from './device.repository.js';
import { time } from './device.service.js';

export type DeviceRegistrationDeps = {
  db: Db;
  devices: DeviceRepository;
  audit: AuditRepository;
  /** Closes a terminal's live connection, if it has one; answers whether it had. */
  disconnect: (deviceNumber: string) => boolean;
  /** How long the window a reset opens stays open (JT808_REGISTER_WINDOW_HOURS). */
  registerWindowMs: number;
  now?: () => number;
};

/** What an administrator does about a terminal's JT/T 808 registration. */
export function createDeviceRegistrationService(deps: DeviceRegistrationDeps) {
  return {
    /**
     * Resets a terminal's registration (it lost its code, someone else registered it first, or it never
     * registered and its window closed): the old code stops working at once, the connection holding it
     * is closed, and the next terminal to register with the number inside the window this opens gets a
     * new code. Recorded in the audit log.
     */
    async reset(user: SessionUser, ip: string, deviceNumber: string): Promise<ResetRegistrationResult> {
      const device = await deps.devices.findInScope(user.scope, deviceNumber);
      if (!device) throw notFound(`设备不存在：${deviceNumber}`);
      if (device.retired_at !== null) throw conflict(`设备${deviceNumber}已报废，不能开放注册`);
      const until = (deps.now ?? Date.now)() + deps.registerWindowMs;
      await deps.db.transaction().execute(async (trx) => {
        await deps.devices.resetRegistration(device.id, until, trx);
        const detail = { deviceId: device.id, registeredAt: time(device.registered_at), windowUntil: formatTime(until) };
        await deps.audit.record(user, ip, { action: 'device.resetRegistration', target: deviceNumber, detail }, trx);
      });
      return { deviceNumber, wasRegistered: device.registered_at !== null, disconnected: deps.disconnect(deviceNumber), windowUntil: formatTime(until) };
    },
  };
}

export type DeviceRegistrationService = ReturnType<typeof createDeviceRegistrationService>;
