import type { StockItem } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineDeviceStatusRepository } from '../../engine/device-status.repository.js';
import { luhnCheckDigit } from '../../lib/luhn.js';
import { addAccountBeside } from '../../test/editors.js';
import { orderFixture, type OrderFixture } from '../../test/order-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createJt808Gateway, type Jt808Gateway } from '../../telemetry/gateway/gateway.js';
import { VirtualTerminal } from '../../telemetry/simulator/virtual-terminal.js';

/** 设备库存, after the import: the list and its counts, transfers, retirement and what refuses a retired device. */

let t: TestApp;
let f: OrderFixture;
let gateway: Jt808Gateway;
let port = 0;
const dept: Record<string, number> = {};
const names: Record<string, string> = {};
const PHONE_LABEL = '013955550001';
const PHONE = '13955550001';
const IMEI = `86701204555555${luhnCheckDigit('86701204555555')}`;
const silent = { info() {}, warn() {} };

const post = (user: string, url: string, payload: object) => f.post(user, url, payload);
const list = async (user: string, q: object = {}) => {
  const res = await post(user, '/api/system/deviceStock/list', { pageNumber: 1, pageSize: 100, ...q });
  expect(res.json().code, res.body).toBe(200);
  return res.json().result as { list: StockItem[]; count: number };
};
const counts = async (user: string, q: object = {}) => (await post(user, '/api/system/deviceStock/counts', q)).json().result as { stock: number; installed: number; retired: number };
const idOf = async (number: string) => (await t.db.selectFrom('device').select('id').where('device_number', '=', number).executeTakeFirstOrThrow()).id;
const transfer = (user: string, ids: number[], deptId: number) => post(user, '/api/system/deviceStock/transfer', { ids, deptId });
const retire = (user: string, ids: number[], reason = '外壳破损，无法使用') => post(user, '/api/system/deviceStock/retire', { ids, reason });
const terminal = async (deviceNumber: string, version: 2013 | 2019) => {
  const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber, version, model: 'GT06N', replyTimeoutMs: 5000 });
  await vt.connect();
  return vt;
};

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  await addAccountBeside(t, 'dealer1', 'stockkeeper1', ['device:stock']);
  f.tokens.stockkeeper1 = await t.login('stockkeeper1');
  for (const u of await t.db.selectFrom('app_user').innerJoin('dept', 'dept.id', 'app_user.dept_id').select(['username', 'dept_id', 'dept.name']).execute()) {
    dept[u.username] = u.dept_id;
    names[u.username] = u.name;
  }
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: silent });
  t.telemetry.channel = gateway.channel;
  port = await gateway.listen();
  const text = `${PHONE_LABEL},GT06N,有线,\n${IMEI},ZX-W20,无线,\n13955550003,KM-02,有线,\n13955550004,KM-02,有线,`;
  const res = await post('finance1', '/api/system/deviceStock/import', { deptId: dept.dealer1, text });
  expect(res.json().result.imported, res.body).toBe(4);
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

describe('the stock list', () => {
  it('lists a subtree by state, kind and number, newest first, with counts per state', async () => {
    const page = await list('finance1', { deptId: dept.dealer1, stockState: 'stock' });
    expect(page.list.slice(0, 4).map((d) => d.deviceNumber)).toEqual(['13955550004', '13955550003', IMEI, PHONE]);
    expect(page.list[3]).toMatchObject({ deviceKind: 1, model: 'GT06N', stockState: 'stock', deptId: dept.dealer1, deptName: names.dealer1, financeName: names.finance1, heldByOrder: null, retiredAt: null });
    expect(page.list.every((d) => d.stockState === 'stock')).toBe(true);
    expect((await list('finance1', { deviceNumber: '012045555', deviceKind: 2 })).list.map((d) => d.deviceNumber)).toEqual([IMEI]);
    const installed = await list('finance1', { deptId: dept.dealer1, stockState: 'installed' });
    expect(installed.count).toBeGreaterThan(0);
    expect(installed.list[0]).toMatchObject({ stockState: 'installed', plateNumber: expect.any(String), installTime: expect.any(String) });

    const c = await counts('finance1', { deptId: dept.dealer1 });
    expect(c.stock).toBe(page.count);
    expect(c.installed).toBe(installed.count);
    expect(c.stock + c.installed + c.retired).toBe((await list('finance1', { deptId: dept.dealer1 })).count);
  });

  it('shows a dealer’s keeper only that dealer, and another dealer’s filter narrows to nothing', async () => {
    const own = await list('stockkeeper1');
    expect(new Set(own.list.map((d) => d.deptId))).toEqual(new Set([dept.dealer1]));
    expect((await list('stockkeeper1', { deptId: dept.dealer2 })).count).toBe(0);
    expect(await counts('stockkeeper1', { deptId: dept.dealer2 })).toEqual({ stock: 0, installed: 0, retired: 0 });
    expect((await post('dealer1', '/api/system/deviceStock/list', { pageNumber: 1, pageSize: 10 })).statusCode).toBe(403);
  });
});

describe('transfer', () => {
  it('moves devices in stock to another dealer of the scope, with an audit entry naming which, from and to', async () => {
    const ids = [await idOf('13955550003'), await idOf('13955550004')];
    const res = await transfer('finance1', ids, dept.dealer2!);
    expect(res.json()).toEqual({ code: 200, msg: `已将2台设备调拨到${names.dealer2}`, result: { transferred: 2, deptId: dept.dealer2, deptName: names.dealer2 } });
    expect((await t.db.selectFrom('device').select('dept_id').where('id', 'in', ids).execute()).map((r) => r.dept_id)).toEqual([dept.dealer2, dept.dealer2]);
    const entry = await t.db.selectFrom('audit_log').select(['username', 'target', 'detail']).where('action', '=', 'device.transfer').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ username: 'finance1', target: names.dealer2 });
    expect(JSON.parse(entry.detail)).toEqual({ to: names.dealer2, toId: dept.dealer2, count: 2, from: { [names.dealer1!]: ['13955550003', '13955550004'] } });
  });

  it('names every device of a large transfer in the audit log, in parts that each fit the log', async () => {
    const numbers = Array.from({ length: 120 }, (_, i) => `1395666${String(i).padStart(4, '0')}`);
    const imported = await post('finance1', '/api/system/deviceStock/import', { deptId: dept.dealer1, text: numbers.map((n) => `${n},GT06N,有线,`).join('\n') });
    expect(imported.json().result.imported).toBe(120);
    const ids = (await t.db.selectFrom('device').select('id').where('device_number', 'in', numbers).execute()).map((r) => r.id);
    const since = (await t.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0;
    expect((await transfer('finance1', ids, dept.dealer2!)).json().result.transferred).toBe(120);
    const entries = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'device.transfer').where('id', '>', Number(since)).orderBy('id').execute();
    expect(entries.length).toBeGreaterThan(1);
    const details = entries.map((e) => JSON.parse(e.detail) as { part: string; count: number; from: Record<string, string[]> });
    expect(details.map((d) => d.part)).toEqual(details.map((_, i) => `${i + 1}/${details.length}`));
    expect(details.every((d) => d.count === 120)).toBe(true);
    expect(details.flatMap((d) => d.from[names.dealer1!]!).sort()).toEqual(numbers);
  });

  it('refuses installed, retired and already-there devices, naming each and why, and moves none', async () => {
    const installed = (await list('finance1', { deptId: dept.dealer1, stockState: 'installed' })).list[0]!;
    const stockId = await idOf(IMEI);
    const res = await transfer('finance1', [stockId, installed.id, await idOf('13955550003')], dept.dealer2!);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(`以下2台设备不能调拨：${installed.deviceNumber} 已安装在车辆${installed.plateNumber}上；13955550003 已在${names.dealer2}`);
    expect((await t.db.selectFrom('device').select('dept_id').where('id', '=', stockId).executeTakeFirstOrThrow()).dept_id).toBe(dept.dealer1);
  });

  it('answers another institution’s device as absent, and will not send stock outside the caller’s scope', async () => {
    const foreign = await idOf(f.otherStock);
    expect((await transfer('finance1', [foreign], dept.dealer2!)).json()).toEqual({ code: 404, msg: '设备不存在' });
    expect((await transfer('finance1', [await idOf(IMEI)], dept.finance2!)).json()).toEqual({ code: 404, msg: '部门不存在' });
    expect((await transfer('stockkeeper1', [await idOf(IMEI)], dept.dealer2!)).json()).toEqual({ code: 404, msg: '部门不存在' });
    expect((await transfer('stockkeeper1', [await idOf('13955550003')], dept.dealer1!)).json()).toEqual({ code: 404, msg: '设备不存在' });
    expect((await transfer('finance1', [await idOf(IMEI)], dept.installer1!)).json().code).toBe(400);
  });
});

describe('a device entered on an accepted install order', () => {
  it('stays with the order: neither transferred nor retired until the order lets it go', async () => {
    const order = (await f.post('operator1', '/pd/quickDispatch', f.form())).json().result.id as number;
    expect((await f.post('installer1', '/pd/installer/acceptOrder', { id: order })).json().code).toBe(200);
    const [wired, wireless] = [f.stock.wired[0]!, f.stock.wireless[0]!];
    expect((await f.post('installer1', '/pd/installer/setDevices', { id: order, deviceNumbers: [wired, wireless] })).json().code).toBe(200);
    const held = await idOf(wired);
    expect((await transfer('finance1', [held], dept.dealer2!)).json().msg).toBe(`以下1台设备不能调拨：${wired} 已登记在安装订单${order}上`);
    expect((await retire('finance1', [held])).json().msg).toBe(`以下1台设备不能报废：${wired} 已登记在安装订单${order}上`);
    expect((await list('finance1', { deviceNumber: wired })).list[0]).toMatchObject({ heldByOrder: order, stockState: 'stock' });
  });
});

describe('retirement', () => {
  it('needs a reason', async () => {
    expect((await retire('finance1', [await idOf(PHONE)], ' 坏 ')).json()).toEqual({ code: 400, msg: '参数错误：reason 请填写报废原因（至少2个字）' });
  });

  it('retires a registered terminal: the gateway refuses it from then on, its history stays and every list says 已报废', async () => {
    // The terminal labelled 013955550001 registers with its 12-digit header as the imported device.
    const vt = await terminal(PHONE, 2013);
    const code = (await vt.register())!;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(await vt.authenticate(code)).toBe(true);
    vt.close();
    // A 2019 header pads the IMEI to 20 digits; it is the same imported device.
    const imeiTerminal = await terminal(IMEI, 2019);
    expect(await imeiTerminal.register()).toMatch(/^[0-9a-f]{32}$/);
    imeiTerminal.close();
    const id = await idOf(PHONE);
    await t.db.insertInto('device_status').values({
      device_id: id, last_time: Date.now() - 40 * 86_400_000, lng: 120.1, lat: 30.2, speed: 0, direction: 0, altitude: 0, acc: 0,
      battery: null, signal: null, satellites: null, mileage: null, alarm_word: 0, status_word: 0, updated_at: Date.now(),
    }).execute();
    const silentBefore = await createEngineDeviceStatusRepository(t.db).silent(Date.now(), Date.now());
    expect(silentBefore.map((r) => r.device_id)).toContain(id);

    const res = await retire('finance1', [id], '进水损坏');
    expect(res.json()).toEqual({ code: 200, msg: '已报废1台设备', result: { retired: 1, removedFromCars: 0 } });
    expect(await t.db.selectFrom('device').select(['retired_by', 'retire_reason', 'dept_id']).where('id', '=', id).executeTakeFirstOrThrow())
      .toEqual({ retired_by: 'finance1', retire_reason: '进水损坏', dept_id: dept.dealer1 });
    const entry = await t.db.selectFrom('audit_log').select(['target', 'detail']).where('action', '=', 'device.retire').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.target).toBe(PHONE);
    expect(JSON.parse(entry.detail)).toEqual({ reason: '进水损坏', count: 1, devices: { [names.dealer1!]: [PHONE] } });

    // The gateway's directory: registration answers "no such terminal", the old code no longer authenticates.
    const again = await terminal(PHONE, 2013);
    expect(await again.registration()).toEqual({ result: 4, authCode: null });
    expect(await again.authenticate(code)).toBe(false);
    again.close();
    // No offline warning for a device retired for good.
    expect((await createEngineDeviceStatusRepository(t.db).silent(Date.now(), Date.now())).map((r) => r.device_id)).not.toContain(id);
    // Its history stays and the device lists show it as retired.
    expect(await t.db.selectFrom('device_status').select('device_id').where('device_id', '=', id).executeTakeFirst()).toBeDefined();
    const devList = (await post('finance1', '/api/device/getDevList', { pageNumber: 1, pageSize: 10, deviceNumber: PHONE })).json().result.list;
    expect(devList).toEqual([expect.objectContaining({ deviceNumber: PHONE, retiredAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) })]);
    expect((await list('finance1', { stockState: 'retired' })).list[0]).toMatchObject({ deviceNumber: PHONE, stockState: 'retired', retiredBy: 'finance1', retireReason: '进水损坏' });
    expect((await counts('finance1', { deptId: dept.dealer1 })).retired).toBe(1);

    // Retired again, or moved: refused with when it was retired.
    expect((await retire('finance1', [id])).json().msg).toMatch(new RegExp(`^以下1台设备不能报废：${PHONE} 已于\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d报废$`));
    expect((await transfer('finance1', [id], dept.dealer2!)).json().msg).toMatch(new RegExp(`^以下1台设备不能调拨：${PHONE} 已于.+报废$`));
  });

  it('is refused by an install: entering a retired device on an order says so', async () => {
    const order = (await f.post('operator1', '/pd/quickDispatch', f.form())).json().result.id as number;
    expect((await f.post('installer1', '/pd/installer/acceptOrder', { id: order })).json().code).toBe(200);
    const res = await f.post('installer1', '/pd/installer/setDevices', { id: order, deviceNumbers: [PHONE, IMEI] });
    expect(res.json()).toEqual({ code: 400, msg: `设备${PHONE}已报废，不能安装` });
  });

  it('answers another institution’s device as absent and refuses users without device:stock', async () => {
    expect((await retire('finance1', [await idOf(f.otherStock)])).json()).toEqual({ code: 404, msg: '设备不存在' });
    expect((await retire('stockkeeper1', [await idOf('13955550003')])).json()).toEqual({ code: 404, msg: '设备不存在' });
    expect((await t.db.selectFrom('device').select('retired_at').where('device_number', '=', f.otherStock).executeTakeFirstOrThrow()).retired_at).toBeNull();
    expect((await retire('dealer1', [await idOf(IMEI)])).statusCode).toBe(403);
  });

  it('takes installed devices off their car, with the reason and the plate in the audit log; the car then shows no device and no position', async () => {
    const carId = (await t.db.selectFrom('device').select('car_id').where('device_number', '=', f.fitted).executeTakeFirstOrThrow()).car_id!;
    const car = await t.db.selectFrom('car').select(['plate_number', 'customer_id']).where('id', '=', carId).executeTakeFirstOrThrow();
    const onCar = await t.db.selectFrom('device').select(['id', 'device_number']).where('car_id', '=', carId).orderBy('id').execute();
    await t.db.insertInto('device_status').values({
      device_id: onCar[0]!.id, last_time: Date.now() - 60_000, lng: 120.1, lat: 30.2, speed: 0, direction: 0, altitude: 0, acc: 0,
      battery: null, signal: null, satellites: null, mileage: null, alarm_word: 0, status_word: 0, updated_at: Date.now(),
    }).onConflict((oc) => oc.column('device_id').doNothing()).execute();
    const use = async () => (await f.get('finance1', `/api/customerDraw/getUseCarByCarid?carid=${carId}`)).json().result as { lastTime: string | null };
    expect((await use()).lastTime).not.toBeNull();

    const res = await retire('finance1', [await idOf(IMEI), ...onCar.map((d) => d.id)], '客户结清，设备拆回');
    const n = onCar.length;
    expect(res.json()).toEqual({ code: 200, msg: `已报废${n + 1}台设备，其中${n}台已从车辆上拆除`, result: { retired: n + 1, removedFromCars: n } });
    expect(await t.db.selectFrom('device').select(['car_id', 'install_time', 'retire_reason']).where('id', 'in', onCar.map((d) => d.id)).execute())
      .toEqual(onCar.map(() => ({ car_id: null, install_time: null, retire_reason: '客户结清，设备拆回' })));
    const entry = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'device.retire').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const detail = JSON.parse(entry.detail) as { reason: string; count: number; fromCars: Record<string, string[]> };
    expect(detail).toMatchObject({ reason: '客户结清，设备拆回', count: n + 1 });
    expect(Object.keys(detail.fromCars)).toEqual([car.plate_number]);
    expect(detail.fromCars[car.plate_number]!.sort()).toEqual(onCar.map((d) => d.device_number).sort());

    // What the console shows of the car: the car list and the portrait find no device on it, nor its last position.
    const cars = (await post('finance1', '/api/car/getCarDeviceList', { pageNumber: 1, pageSize: 10, plateNumber: car.plate_number })).json().result.list;
    expect(cars).toEqual([expect.objectContaining({ carId, wiredDevices: [], wirelessDevices: [] })]);
    const portrait = (await f.get('finance1', `/api/customerDraw/getCustomerByid?customerid=${car.customer_id}`)).json().result as { cars: { carId: number; devices: unknown[] }[] };
    expect(portrait.cars.find((c) => c.carId === carId)!.devices).toEqual([]);
    expect((await use()).lastTime).toBeNull();
  });
});
