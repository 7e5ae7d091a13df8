import { MonitorCalls, ONLINE_GRACE_MS, type MonitorDevice, type MonitorDeviceCard, type MonitorSearchItem } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDeviceRepository } from '../device/device.repository.js';
import { createDeviceService } from '../device/device.service.js';
import { createMonitorRepository } from './monitor.repository.js';
import { createMonitorService } from './monitor.service.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let dept: Record<string, number> = {};
/** A dealer1 wired device on a car with another device, reported a minute ago from Hangzhou. */
let located = { id: 0, number: '', carId: 0 };
let sibling = '';
let lastTime = 0;
let car = { plate_number: '', frame_number: '', customer_name: '', phone: '', brand: '', model: '' };
let theirs = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  dept = Object.fromEntries(users.map((u) => [u.username, u.dept_id]));
  // A car of dealer1's carrying both a wired and a wireless device.
  const pair = await t.db
    .selectFrom('device as w')
    .innerJoin('device as o', (j) => j.onRef('o.car_id', '=', 'w.car_id').onRef('o.id', '<>', 'w.id'))
    .select(['w.id', 'w.device_number', 'w.car_id', 'o.device_number as other'])
    .where('w.dept_id', '=', dept.dealer1!)
    .where('w.kind', '=', 1)
    .orderBy('w.id')
    .executeTakeFirstOrThrow();
  located = { id: pair.id, number: pair.device_number, carId: pair.car_id! };
  sibling = pair.other;
  car = await t.db
    .selectFrom('car')
    .innerJoin('customer as c', 'c.id', 'car.customer_id')
    .innerJoin('car_brand as b', 'b.id', 'car.brand_id')
    .innerJoin('car_model as m', 'm.id', 'car.model_id')
    .select(['car.plate_number', 'car.frame_number', 'c.name as customer_name', 'c.phone', 'b.name as brand', 'm.name as model'])
    .where('car.id', '=', located.carId)
    .executeTakeFirstOrThrow();
  theirs = (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', dept.dealer2!).orderBy('id').executeTakeFirstOrThrow()).device_number;

  lastTime = Date.now() - 60_000;
  await t.telemetry.pipeline.submit([
    { deviceNumber: located.number, gpsTime: lastTime - 30_000, lng: 120.1, lat: 30.2, speed: 0, direction: 0, altitude: 10, acc: 1, fixType: 1 },
    { deviceNumber: located.number, gpsTime: lastTime, lng: 120.16, lat: 30.27, speed: 42, direction: 135, altitude: 10, acc: 1, fixType: 2 },
  ]);
  const warning = { dept_id: dept.dealer1!, device_id: located.id, warning_type: 1, risk_level: 1, warning_time: lastTime, last_time: lastTime };
  await t.db.insertInto('warning').values([
    { ...warning, deal_status: 0 },
    { ...warning, deal_status: 0, warning_type: 2 },
    { ...warning, deal_status: 1, warning_type: 3 },
  ]).execute();
});
afterAll(() => t.close());

const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });
const devices = async (user: string, query = '') => {
  const res = await get(user, `/api/monitor/devices${query}`);
  expect(res.json().code).toBe(200);
  return res.json().result as MonitorDevice[];
};
const countIn = async (deptIds: number[]) =>
  Number((await t.db.selectFrom('device').select((eb) => eb.fn.countAll<number>().as('n')).where('dept_id', 'in', deptIds).executeTakeFirstOrThrow()).n);

describe('GET /api/monitor/devices', () => {
  it('gives each caller every device of their scope and nothing else', async () => {
    const mine = await devices('dealer1');
    expect(mine).toHaveLength(await countIn([dept.dealer1!]));
    expect(new Set(mine.map((d) => d.deptId))).toEqual(new Set([dept.dealer1]));

    const other = await devices('dealer2');
    expect(new Set(other.map((d) => d.deptId))).toEqual(new Set([dept.dealer2]));
    expect(other.some((d) => d.deviceNumber === located.number)).toBe(false);

    const dealers = (await t.db.selectFrom('dept').select('id').where('parent_id', '=', dept.finance1!).where('kind', '=', 'dealer').execute()).map((d) => d.id);
    const finance = await devices('finance1');
    expect(finance).toHaveLength(await countIn(dealers));
    expect(finance.some((d) => d.deviceNumber === located.number) && finance.some((d) => d.deviceNumber === theirs)).toBe(true);

    const all = Number((await t.db.selectFrom('device').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await devices('admin')).toHaveLength(all);
  });

  it('carries the compact map fields: the latest fix of a reporting device, none of a silent one', async () => {
    const mine = await devices('dealer1');
    const d = mine.find((x) => x.deviceNumber === located.number)!;
    expect(d).toEqual({
      id: located.id, deviceNumber: located.number, deviceKind: 1, state: 'moving', deptId: dept.dealer1, plateNumber: car.plate_number,
      lng: 120.16, lat: 30.27, speed: 42, direction: 135, lastTime,
    });
    const silent = mine.find((x) => x.deviceNumber !== located.number)!;
    expect(silent).toMatchObject({ state: 'never', lng: null, lat: null, lastTime: null });
  });

  it('narrows to a department subtree inside the scope, never beyond it', async () => {
    const one = await devices('finance1', `?deptId=${dept.dealer1}`);
    expect(one).toHaveLength(await countIn([dept.dealer1!]));
    expect(await devices('finance1', `?deptId=${dept.finance1}`)).toHaveLength((await devices('finance1')).length);
    expect(await devices('dealer1', `?deptId=${dept.dealer2}`)).toEqual([]);
  });

  it('refuses a malformed department id and callers without monitor:view', async () => {
    const bad = await get('dealer1', '/api/monitor/devices?deptId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('deptId');
    const installer = await get('installer1', '/api/monitor/devices');
    expect(installer.statusCode).toBe(403);
    expect(installer.json().code).toBe(401);
  });
});

describe('GET /api/monitor/deviceCard', () => {
  const card = async (user: string, number: string) => get(user, `/api/monitor/deviceCard?deviceNumber=${number}`);

  it("shows the device's car, customer, fix source, place, open warnings and the car's other devices", async () => {
    const res = await card('dealer1', located.number);
    expect(res.json().code).toBe(200);
    const c = res.json().result as MonitorDeviceCard;
    expect(c).toMatchObject({
      deviceNumber: located.number, state: 'moving', plateNumber: car.plate_number, carFrameNumber: car.frame_number,
      customerName: car.customer_name, brandName: car.brand, modelName: car.model, fixType: 2, address: '浙江省杭州市下城区', openWarnings: 2,
      lng: 120.16, lat: 30.27, speed: 42,
    });
    expect(c.siblings).toEqual([{ deviceNumber: sibling, deviceKind: expect.any(Number) }]);
  });

  it("masks the customer's phone unless the role holds customer:sensitive", async () => {
    const dealer = (await card('dealer1', located.number)).json().result as MonitorDeviceCard;
    expect(dealer.customerPhone).toBe(`${car.phone.slice(0, 3)}****${car.phone.slice(-4)}`);
    const finance = (await card('finance1', located.number)).json().result as MonitorDeviceCard;
    expect(finance.customerPhone).toBe(car.phone);
  });

  it('answers a device out of scope exactly like an unknown one', async () => {
    const outside = await card('dealer2', located.number);
    const unknown = await card('dealer2', '999999999999');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(unknown.json());
    expect(outside.json().code).toBe(404);
  });

  it('a device that never reported has no fix source, place or position', async () => {
    const c = (await card('dealer1', sibling)).json().result as MonitorDeviceCard;
    expect(c).toMatchObject({ state: 'never', fixType: null, address: null, lng: null, openWarnings: 0 });
    expect(c.siblings.map((s) => s.deviceNumber)).toEqual([located.number]);
  });

  it('asks for the device number', async () => {
    const res = await get('dealer1', '/api/monitor/deviceCard');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('deviceNumber');
    expect((await get('installer1', `/api/monitor/deviceCard?deviceNumber=${located.number}`)).statusCode).toBe(403);
  });
});

describe('GET /api/monitor/search', () => {
  const search = async (user: string, keyword: string) => {
    const res = await get(user, `/api/monitor/search?keyword=${encodeURIComponent(keyword)}`);
    expect(res.json().code).toBe(200);
    return res.json().result as MonitorSearchItem[];
  };

  it('finds a device by the start of its number, its plate, frame number or customer name', async () => {
    const expected = { deviceNumber: located.number, deviceKind: 1, state: 'moving', plateNumber: car.plate_number, carFrameNumber: car.frame_number, customerName: car.customer_name };
    expect(await search('dealer1', located.number.slice(0, -2))).toContainEqual(expected);
    expect(await search('dealer1', car.plate_number.slice(1))).toContainEqual(expected);
    expect(await search('dealer1', car.frame_number.slice(-8).toLowerCase())).toContainEqual(expected);
    expect(await search('dealer1', car.customer_name)).toContainEqual(expected);
    expect((await search('dealer1', located.number.slice(2))).some((i) => i.deviceNumber === located.number)).toBe(false);
  });

  it('finds it by the customer’s phone, whole or its last 4 digits, as the top bar does — and never across dealers', async () => {
    const expected = expect.objectContaining({ deviceNumber: located.number });
    expect(await search('dealer1', car.phone)).toContainEqual(expected);
    expect(await search('dealer1', car.phone.slice(-4))).toContainEqual(expected);
    expect((await search('dealer1', car.phone.slice(-3))).some((i) => i.deviceNumber === located.number)).toBe(false);
    expect(await search('dealer2', car.phone)).toEqual([]);
  });

  it("never shows another dealer's devices and lists at most 20", async () => {
    expect((await search('dealer2', located.number)).length).toBe(0);
    expect((await search('finance1', located.number)).map((i) => i.deviceNumber)).toEqual([located.number]);
    const many = await search('admin', located.number.slice(0, 2));
    expect(many).toHaveLength(20);
  });

  it('asks for a keyword', async () => {
    const res = await get('dealer1', '/api/monitor/search?keyword=%20');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('请输入关键字');
    expect((await get('installer1', '/api/monitor/search?keyword=1')).statusCode).toBe(403);
  });
});

describe('the offline sweep', () => {
  it('finds a device once, in the sweep during which its grace ran out', async () => {
    const monitor = createMonitorService(createMonitorRepository(t.db), createDeviceService(createDeviceRepository(t.db)));
    const expiry = lastTime + ONLINE_GRACE_MS[1];
    expect(await monitor.wentOffline(expiry - 30_000, expiry - 1)).not.toContain(located.id);
    expect(await monitor.wentOffline(expiry - 1, expiry + 29_999)).toContain(located.id);
    expect(await monitor.wentOffline(expiry + 29_999, expiry + 59_999)).not.toContain(located.id);
  });
});

describe('strict input', () => {
  it.each(['0x10', '%2012%20', '1e1', 'true', '12.5'])('refuses deptId=%s', async (deptId) => {
    const res = await get('admin', `/api/monitor/devices?deptId=${deptId}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '参数错误：deptId 应为整数' });
  });

  it('says a department id is too large and a keyword too long', async () => {
    expect((await get('admin', '/api/monitor/devices?deptId=2147483648')).json()).toMatchObject({ code: 400, msg: '参数错误：deptId 不能大于2147483647' });
    expect((await get('admin', `/api/monitor/search?keyword=${'8'.repeat(31)}`)).json()).toMatchObject({ code: 400, msg: '参数错误：keyword 最多30个字符' });
  });

  it('sends the fleet unchecked but exactly as its declaration describes it', async () => {
    const fleet = await devices('admin', `?deptId=${dept.dealer1}`);
    expect(fleet.length).toBeGreaterThan(0);
    expect(MonitorCalls.devices.reply.parse(fleet)).toEqual(fleet);
  });
});
