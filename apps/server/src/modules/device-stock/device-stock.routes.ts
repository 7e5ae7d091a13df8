import { DEVICE_STOCK_LIMITS as L, DeviceStockCalls, STOCK_SHEET_COLUMNS } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import { sendXlsx, type XlsxColumn } from '../../lib/xlsx.js';
import type { DeviceStockService } from './device-stock.service.js';

/**
 * The template holds the headers only: an example row would be imported as a device by whoever forgot
 * to delete it, and a fake number in stock is worse than a blank line. The dialog explains the columns.
 */
const TEMPLATE: XlsxColumn<never>[] = STOCK_SHEET_COLUMNS.map((c) => ({ header: c.header, width: c.field === 'model' ? 14 : 24, value: () => null }));

// Room for the longest content and list the schema takes, even in 3-byte characters and both at once, so
// that too long an input is told its limit (400), not 413.
const BODY_LIMIT = 3 * (Math.ceil((L.maxFileBytes * 4) / 3) + 4 + L.maxTextChars) + 1024 * 1024;

export function deviceStockRoutes(app: FastifyInstance, stock: DeviceStockService): void {
  route(app, DeviceStockCalls.list, async ({ user, body }) => stock.list(user, body));
  route(app, DeviceStockCalls.counts, async ({ user, body }) => stock.counts(user, body));

  route(app, DeviceStockCalls.template, async ({ reply }) => sendXlsx(reply, '设备导入模板.xlsx', TEMPLATE, (async function* () {})()));

  route(app, DeviceStockCalls.check, async ({ user, body }) => {
    const r = await stock.check(user, body);
    return said(r.problemCount > 0 ? `校验未通过：${r.problemCount}行有误` : `校验通过：共${r.rows}台，可导入到${r.deptName}`, r);
  }, { bodyLimit: BODY_LIMIT });

  route(app, DeviceStockCalls.import, async ({ user, body, request }) => {
    const r = await stock.import(user, request.ip, body);
    return said(r.problemCount > 0 ? `${r.problemCount}行有误，未导入任何设备` : `已导入${r.imported}台设备到${r.deptName}`, r);
  }, { bodyLimit: BODY_LIMIT });

  route(app, DeviceStockCalls.transfer, async ({ user, body, request }) => {
    const r = await stock.transfer(user, request.ip, body);
    return said(`已将${r.transferred}台设备调拨到${r.deptName}`, r);
  });

  route(app, DeviceStockCalls.retire, async ({ user, body, request }) => {
    const r = await stock.retire(user, request.ip, body);
    return said(`已报废${r.retired}台设备${r.removedFromCars > 0 ? `，其中${r.removedFromCars}台已从车辆上拆除` : ''}`, r);
  });
}
