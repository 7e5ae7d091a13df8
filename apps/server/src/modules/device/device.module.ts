import type { AppModule } from '../app-module.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { createDeviceRegistrationService } from './device-registration.service.js';
import { deviceRoutes } from './device.routes.js';

/** The device lists and exports, and the audited reset of a terminal's registration (which closes its connection). */
export const deviceModule: AppModule = (app, { db, telemetry, shared, config }) => {
  const registration = createDeviceRegistrationService({
    db,
    devices: shared.devices(),
    audit: createAuditRepository(db),
    disconnect: (deviceNumber) => telemetry.channel.disconnect(deviceNumber),
    registerWindowMs: config.jt808RegisterWindowMs,
  });
  deviceRoutes(app, shared.deviceService(), registration);
};
