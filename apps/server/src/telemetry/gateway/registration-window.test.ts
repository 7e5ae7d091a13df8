import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFixture, type OrderFixture } from '../../test/order-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RegisterResult } from '../jt808/index.js';
import { locationFix, VirtualTerminal } from '../simulator/virtual-terminal.js';
import { createJt808Gateway } from './gateway.js';

/**
 * Issue 28's attack, replayed: a stranger who knows the number of a device that has not connected yet
 * (in stock, installed but never powered, reset by an administrator) registers it first and reports
 * for that car. A registration is accepted only inside the window the product opened for the device.
 */
let t: TestApp;
let f: OrderFixture;
let port: number;
const close: (() => unknown)[] = [];
const silent = { info() {}, warn() {} };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: silent });
  close.push(() => gateway.close());
  port = await gateway.listen();
  t.telemetry.channel = gateway.channel;
});
afterAll(async () => {
  for (const c of close) await c();
  await t.close();
});

async function terminal(deviceNumber: string, terminalId = 'T000001', p = port) {
  const vt = new VirtualTerminal({ host: '127.0.0.1', port: p, deviceNumber, version: deviceNumber.length > 12 ? 2019 : 2013, model: 'GT06N', terminalId, replyTimeoutMs: 5000 });
  close.push(() => vt.close());
  await vt.connect();
  return vt;
}

/** The device as 设备列表 shows it to the platform administrator. */
async function listed(deviceNumber: string) {
  const res = await f.post('admin', '/api/device/getDevList', { deviceNumber, pageNumber: 1, pageSize: 10 });
  return res.json().result.list.find((d: { deviceNumber: string }) => d.deviceNumber === deviceNumber);
}

const closeWindow = (deviceNumber: string, until: number | null = null) =>
  t.db.updateTable('device').set({ register_open_until: until }).where('device_number', '=', deviceNumber).execute();

/** A fitted device of finance1's dealers that has never registered, its window closed as after the upgrade. */
async function silentFitted(skip = 0): Promise<string> {
  const row = await t.db.selectFrom('device').select('device_number').where('car_id', 'is not', null).where('auth_code_hash', 'is', null)
    .where('dept_id', '=', f.car1.dept_id).orderBy('id', 'desc').offset(skip).limit(1).executeTakeFirstOrThrow();
  await closeWindow(row.device_number);
  return row.device_number;
}

describe('outside a window the number alone registers nothing', () => {
  it('refuses an installed device that never connected as not in the database, counts the attempt and shows it', async () => {
    const number = await silentFitted();
    const stranger = await terminal(number);
    expect(await stranger.registration()).toEqual({ result: RegisterResult.terminalUnknown, authCode: null });
    expect(await stranger.registration()).toEqual({ result: RegisterResult.terminalUnknown, authCode: null });
    // Nothing it sends is stored for the car.
    expect(await stranger.report(locationFix({ time: Date.now() - 60_000, lng: 120.1, lat: 30.2, speed: 0, direction: 0, acc: false }))).toBe(1);
    const d = await listed(number);
    expect(d).toMatchObject({ registeredAt: null, registrationWindow: null, registerRefusals: 2, lastRegisterRefusedReason: '未开放注册窗口', lastRegisterRefusedAt: expect.any(String) });
  });

  it('refuses once the window has expired, saying so', async () => {
    const number = await silentFitted(1);
    await closeWindow(number, Date.now() - HOUR);
    expect((await (await terminal(number)).registration()).result).toBe(RegisterResult.terminalUnknown);
    expect(await listed(number)).toMatchObject({ registrationWindow: null, lastRegisterRefusedReason: '注册窗口已过期' });
  });

  it('refuses a terminal id other than the one recorded for the device', async () => {
    const number = f.stock.wired[1]!;
    await t.db.updateTable('device').set({ terminal_id: 'ABC1234', register_open_until: Date.now() + HOUR, register_opened_for: 'stock' }).where('device_number', '=', number).execute();
    expect((await (await terminal(number, 'ZZZ9999')).registration()).result).toBe(RegisterResult.terminalUnknown);
    expect(await listed(number)).toMatchObject({ registeredAt: null, lastRegisterRefusedReason: '终端ID不符（收到 ZZZ9999）' });
    // The recorded id, as terminals send it (lower case, padded), registers.
    const real = await terminal(number, 'abc1234');
    const code = await real.register();
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(await real.authenticate(code!)).toBe(true);
  });
});

describe('the product opens the window', () => {
  it('at a stock import, with the terminal id it recorded: the window is shown until when and why; the first registration closes it, a second is refused and counted', async () => {
    const number = '13977770001';
    const res = await f.post('finance1', '/api/system/deviceStock/import', { deptId: f.car1.dept_id, text: `0${number}\tGT06N\t有线\t89860012345677770001\tab77001` });
    expect(res.json()).toMatchObject({ code: 200, result: { imported: 1 } });
    const before = await listed(number);
    expect(before.registrationWindow).toMatchObject({ reason: 'stock', until: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });

    expect((await (await terminal(number, '7770001')).registration()).result).toBe(RegisterResult.terminalUnknown);
    const first = await terminal(number, 'AB77001');
    expect(await first.authenticate((await first.register())!)).toBe(true);
    const second = await terminal(number, 'AB77001');
    expect((await second.registration()).result).toBe(RegisterResult.terminalAlreadyRegistered);
    expect(await listed(number)).toMatchObject({ registeredAt: expect.any(String), registrationWindow: null, registerRefusals: 2, lastRegisterRefusedReason: '终端已注册' });
  });

  it('at a transfer of stock', async () => {
    const number = f.stock.wired[2]!;
    await closeWindow(number);
    expect((await (await terminal(number)).registration()).result).toBe(RegisterResult.terminalUnknown);
    const id = (await t.db.selectFrom('device').select('id').where('device_number', '=', number).executeTakeFirstOrThrow()).id;
    const dealer2 = (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer2').executeTakeFirstOrThrow()).dept_id;
    expect((await f.post('finance1', '/api/system/deviceStock/transfer', { ids: [id], deptId: dealer2 })).json().code).toBe(200);
    expect((await listed(number)).registrationWindow).toMatchObject({ reason: 'transfer' });
    expect(await (await terminal(number)).register()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('when the installer enters the devices on the install order being worked', async () => {
    const [wired, wireless] = [f.stock.wired[0]!, f.stock.wireless[0]!];
    await closeWindow(wired);
    await closeWindow(wireless);
    const id = (await f.post('operator1', '/pd/quickDispatch', f.form())).json().result.id;
    expect((await f.post('installer1', '/pd/installer/acceptOrder', { id })).json().code).toBe(200);
    expect((await (await terminal(wired)).registration()).result).toBe(RegisterResult.terminalUnknown);
    expect((await f.post('installer1', '/pd/installer/setDevices', { id, deviceNumbers: [wired, wireless] })).json().code).toBe(200);
    expect((await listed(wired)).registrationWindow).toMatchObject({ reason: 'install' });
    expect(await (await terminal(wired)).register()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("by an administrator: 重置注册 of a registered terminal and 开放注册 of one that never registered, each until a time it names", async () => {
    const registered = f.stock.wired[3]!;
    await t.db.updateTable('device').set({ register_open_until: Date.now() + HOUR }).where('device_number', '=', registered).execute();
    const real = await terminal(registered);
    expect(await real.authenticate((await real.register())!)).toBe(true);

    const reset = (await f.post('admin', '/api/device/resetRegistration', { deviceNumber: registered })).json();
    expect(reset.msg).toMatch(/^已重置注册并断开终端连接，终端需在\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}前重新注册$/);
    expect(reset.result).toMatchObject({ wasRegistered: true, disconnected: true });
    expect((await listed(registered)).registrationWindow).toEqual({ reason: 'reset', until: reset.result.windowUntil });
    expect(await (await terminal(registered)).register()).toMatch(/^[0-9a-f]{32}$/);

    const never = await silentFitted(2);
    const opened = (await f.post('admin', '/api/device/resetRegistration', { deviceNumber: never })).json();
    expect(opened.msg).toBe(`已开放注册，终端可在${opened.result.windowUntil}前注册`);
    expect(await (await terminal(never)).register()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("by the terminal's own logout (0x0003), having proved who it is", async () => {
    const number = f.stock.wired[4]!;
    await t.db.updateTable('device').set({ register_open_until: Date.now() + HOUR }).where('device_number', '=', number).execute();
    const real = await terminal(number);
    expect(await real.authenticate((await real.register())!)).toBe(true);
    expect(await real.result({ kind: 'logout' })).toBe(0);
    expect((await listed(number)).registrationWindow).toMatchObject({ reason: 'logout' });
    expect(await (await terminal(number)).register()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('not for a retired device', async () => {
    const number = f.stock.wired[5]!;
    const id = (await t.db.selectFrom('device').select('id').where('device_number', '=', number).executeTakeFirstOrThrow()).id;
    expect((await f.post('finance1', '/api/system/deviceStock/retire', { ids: [id], reason: '损坏' })).json().code).toBe(200);
    const res = await f.post('admin', '/api/device/resetRegistration', { deviceNumber: number });
    expect(res.json()).toMatchObject({ code: 409, msg: `设备${number}已报废，不能开放注册` });
  });
});

describe('JT808_AUTO_REGISTER=1, the opt-out for test benches', () => {
  it('registers a device whose window is closed, and files an unknown number', async () => {
    const gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: true, idleTimeoutMs: 10_000, log: silent });
    close.push(() => gateway.close());
    const benchPort = await gateway.listen();
    const closed = await silentFitted(3);
    expect(await (await terminal(closed, 'T000001', benchPort)).register()).toMatch(/^[0-9a-f]{32}$/);
    expect(await (await terminal('013988880001', 'T000001', benchPort)).register()).toMatch(/^[0-9a-f]{32}$/);
  });
});
