import type { ResetRegistrationResult } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
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
};

/** What an administrator does about a terminal's JT/T 808 registration. */
export function createDeviceRegistrationService(deps: DeviceRegistrationDeps) {
  return {
    /**
     * Resets a terminal's registration (it lost its code, or someone else registered it first): the
     * old code stops working at once, the connection holding it is closed, and the next terminal to
     * register with the number gets a new code. Recorded in the audit log.
     */
    async reset(user: SessionUser, ip: string, deviceNumber: string): Promise<ResetRegistrationResult> {
      const device = await deps.devices.findInScope(user.scope, deviceNumber);
      if (!device) throw notFound(`设备不存在：${deviceNumber}`);
      await deps.db.transaction().execute(async (trx) => {
        await deps.devices.resetRegistration(device.id, trx);
        const detail = { deviceId: device.id, registeredAt: time(device.registered_at) };
        await deps.audit.record(user, ip, { action: 'device.resetRegistration', target: deviceNumber, detail }, trx);
      });
      return { deviceNumber, disconnected: deps.disconnect(deviceNumber) };
    },
  };
}

export type DeviceRegistrationService = ReturnType<typeof createDeviceRegistrationService>;
