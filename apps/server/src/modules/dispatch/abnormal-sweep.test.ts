import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, offset } from '../../test/engine-tracks.js';
import { orderFixture, PNG, type OrderFixture } from '../../test/order-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAbnormalSweep } from './abnormal-sweep.js';
import { createOrderChanges } from './order-changes.js';
import { createOrderDeviceRepository } from './order-device.repository.js';
import { createOrderRepository } from './order.repository.js';

let t: TestApp;
let f: OrderFixture;
let dataDir: string;
let clock = 0;
let sweep: ReturnType<typeof createAbnormalSweep>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-sweep-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await orderFixture(t);
  const orders = createOrderRepository(t.db);
  sweep = createAbnormalSweep({
    orders, devices: createOrderDeviceRepository(t.db), changes: createOrderChanges(t.db, orders, () => clock), now: () => clock, silentMs: 24 * HOUR,
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** An order raised, accepted, given a photo and these devices, and marked installed by installer1. */
async function installed(productId: number, numbers: string[]): Promise<{ id: number; at: number }> {
  const id = (await f.post('operator1', '/pd/quickDispatch', { ...f.form(), installProductId: productId })).json().result.id as number;
  await f.post('installer1', '/pd/installer/acceptOrder', { id });
  await f.post('installer1', '/pd/installer/uploadFile', { orderId: id, fileName: 'p.png', content: PNG.toString('base64') });
  expect((await f.post('installer1', '/pd/installer/setDevices', { id, deviceNumbers: numbers })).json().code).toBe(200);
  expect((await f.post('installer1', '/pd/installer/markInstalled', { id })).json().result.state).toBe(4);
  const row = await t.db.selectFrom('dispatch_order').select('installed_at').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, at: row.installed_at! };
}

/** A fix from the device through the real pipeline, `eastM` metres east of the order's address. */
async function report(number: string, eastM: number): Promise<void> {
  const at = offset({ lng: f.form().lng, lat: f.form().lat }, eastM, 0);
  const [result] = await t.telemetry.pipeline.submit([{ deviceNumber: number, gpsTime: Date.now() - 30_000, ...at, speed: 0, direction: 0, altitude: 10, acc: 1 }]);
  expect(result!.status).toBe('stored');
}

describe('abnormal install orders', () => {
  it('marks an order whose device first reports more than 5 km from the address, once, as the server', async () => {
    const order = await installed(1, [f.stock.wired[0]!, f.stock.wireless[0]!]);
    clock = order.at + HOUR;
    expect(await sweep.run()).toEqual([]);
    await report(f.stock.wired[0]!, 8200);
    clock = order.at + 2 * HOUR;
    expect(await sweep.run()).toEqual([order.id]);
    expect(await sweep.run()).toEqual([]);

    const detail = await f.detail('operator1', order.id);
    expect(detail.order).toMatchObject({ state: 6, abnormalReason: `设备${f.stock.wired[0]}首次上报位置距安装地址8.2公里` });
    expect(detail.history.filter((h: { action: string }) => h.action === 'abnormal')).toEqual([
      expect.objectContaining({ userName: null, fromState: 4, toState: 6, reason: detail.order.abnormalReason }),
    ]);
    const wired = detail.devices.find((d: { deviceNumber: string }) => d.deviceNumber === f.stock.wired[0]);
    expect(wired.firstReportMetres).toBeGreaterThan(8100);

    const list = (await f.post('operator1', '/pd/getAbnormalInstallOrderList', { pageNumber: 1, pageSize: 20 })).json().result;
    expect(list.list.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await f.post('dealer2', '/pd/getAbnormalInstallOrderList', { pageNumber: 1, pageSize: 20 })).json().result.count).toBe(0);
    const passed = await f.post('operator1', '/pd/auditInstallOrder', { id: order.id, pass: true, reason: '已电话核实，车辆在外地' });
    expect(passed.json().result.state).toBe(5);
  });

  it('marks an order whose devices stay silent for 24 hours after the install, and not before', async () => {
    const order = await installed(1, [f.stock.wired[1]!, f.stock.wireless[1]!]);
    clock = order.at + 23 * HOUR;
    expect(await sweep.run()).toEqual([]);
    clock = order.at + 25 * HOUR;
    expect(await sweep.run()).toEqual([order.id]);
    const reason = (await f.detail('operator1', order.id)).order.abnormalReason as string;
    expect(reason.split('；').sort()).toEqual([f.stock.wired[1], f.stock.wireless[1]].sort().map((n) => `设备${n}安装后24小时内未上报`));
  });

  it('leaves an order alone whose device reports near its address', async () => {
    const order = await installed(2, [f.stock.wired[2]!]);
    await report(f.stock.wired[2]!, 300);
    clock = order.at + 48 * HOUR;
    expect(await sweep.run()).toEqual([]);
    const detail = await f.detail('operator1', order.id);
    expect(detail.order.state).toBe(4);
    expect(detail.devices[0].firstReportMetres).toBeGreaterThan(250);
    expect(detail.devices[0].firstReportMetres).toBeLessThan(350);
  });
});
