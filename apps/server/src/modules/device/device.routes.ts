import { DevExportQuery, DevLatestExportQuery, DevLatestQuery, DevListQuery, DevNumbersQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { userOf } from '../../plugins/auth.js';
import { DEVICE_EXPORT_COLUMNS, LATEST_EXPORT_COLUMNS, type DeviceService } from './device.service.js';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService): void {
  app.post('/api/device/getDevList', { config: { permission: 'device:view' } }, async (request) =>
    ok(await devices.list(userOf(request), parse(DevListQuery, request.body))),
  );

  app.post('/api/device/downloadListFromMiddle', { config: { permission: 'device:export' } }, async (request, reply) => {
    const q = parse(DevExportQuery, request.body);
    return sendXlsx(reply, exportFileName('设备列表'), DEVICE_EXPORT_COLUMNS, devices.exportPages(userOf(request), q));
  });

  app.post('/api/device/getDevListByDivNumbers', { config: { permission: 'device:view' } }, async (request) => {
    const { deviceNumbers } = parse(DevNumbersQuery, request.body);
    return ok(await devices.byNumbers(userOf(request), deviceNumbers));
  });

  // The latest-position list (deviceManagement): paths of our choosing, as the console spec names none.
  app.post('/api/device/getLatestPositionList', { config: { permission: 'device:view' } }, async (request) =>
    ok(await devices.latest(userOf(request), parse(DevLatestQuery, request.body))),
  );

  app.post('/api/device/downloadLatestPositionList', { config: { permission: 'device:export' } }, async (request, reply) => {
    const q = parse(DevLatestExportQuery, request.body);
    return sendXlsx(reply, exportFileName('设备最新位置'), LATEST_EXPORT_COLUMNS, devices.exportPages(userOf(request), q));
  });
}
