import { DeviceCalls, type ResetRegistrationResult } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import type { DeviceRegistrationService } from './device-registration.service.js';
import { DEVICE_EXPORT_COLUMNS, LATEST_EXPORT_COLUMNS, type DeviceService } from './device.service.js';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService, registration: DeviceRegistrationService): void {
  route(app, DeviceCalls.list, async ({ user, body }) => devices.list(user, body));

  route(app, DeviceCalls.export, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('设备列表'), DEVICE_EXPORT_COLUMNS, devices.exportPages(user, body)),
  );

  route(app, DeviceCalls.byNumbers, async ({ user, body }) => devices.byNumbers(user, body.deviceNumbers));

  // The latest-position list (deviceManagement): paths of our choosing, as the console spec names none.
  route(app, DeviceCalls.latest, async ({ user, body }) => devices.latest(user, body));

  route(app, DeviceCalls.latestExport, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('设备最新位置'), LATEST_EXPORT_COLUMNS, devices.exportLatestPages(user, body)),
  );

  route(app, DeviceCalls.resetRegistration, async ({ user, body, request }) => {
    const result = await registration.reset(user, request.ip, body.deviceNumber);
    return said(resetMessage(result), result);
  });
}

/** What 重置注册 / 开放注册 did, and until when the terminal may register. */
function resetMessage(r: ResetRegistrationResult): string {
  if (!r.wasRegistered) return `已开放注册，终端可在${r.windowUntil}前注册`;
  return `${r.disconnected ? '已重置注册并断开终端连接' : '已重置注册'}，终端需在${r.windowUntil}前重新注册`;
}
