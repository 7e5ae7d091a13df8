import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The scope matrix: through every call that exists, dealer1 sees none of dealer2's customers,
 * cars or devices, finance1 sees all of its dealers' and none of the other institution's.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let dept: Record<string, number> = {};
let financeDealers: number[] = [];
let otherFinanceDealers: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  dept = Object.fromEntries(users.map((u) => [u.username, u.dept_id]));
  const dealers = await t.db.selectFrom('dept as d').innerJoin('dept as p', 'p.id', 'd.parent_id').select(['d.id', 'd.parent_id']).where('d.kind', '=', 'dealer').execute();
  financeDealers = dealers.filter((d) => d.parent_id === dept.finance1).map((d) => d.id);
  otherFinanceDealers = dealers.filter((d) => d.parent_id !== dept.finance1).map((d) => d.id);
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });

async function allDevices(user: string, filters: object = {}) {
  const res = await post(user, '/api/device/getDevList', { pageNumber: 1, pageSize: 1000, ...filters });
  expect(res.json().code).toBe(200);
  return res.json().result as { list: { deptId: number; deviceNumber: string }[]; count: number };
}
async function allCars(user: string, filters: object = {}) {
  const res = await post(user, '/api/car/getCarDeviceList', { pageNumber: 1, pageSize: 1000, ...filters });
  expect(res.json().code).toBe(200);
  return res.json().result as { list: { deptId: number; customerName: string; carFrameNumber: string; wiredDevices: string[] }[]; count: number };
}
async function xlsxRows(user: string, url: string, payload: object = {}): Promise<string[][]> {
  const res = await post(user, url, payload);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('dealer staff see their own dealer only', () => {
  it('lists only dealer1 devices and cars to dealer1, and the counts agree with the database', async () => {
    const devices = await allDevices('dealer1');
    const cars = await allCars('dealer1');
    expect(devices.count).toBeGreaterThan(0);
    expect(cars.count).toBeGreaterThan(0);
    expect(new Set(devices.list.map((d) => d.deptId))).toEqual(new Set([dept.dealer1]));
    expect(new Set(cars.list.map((c) => c.deptId))).toEqual(new Set([dept.dealer1]));
    const inDb = await t.db.selectFrom('device').select((eb) => eb.fn.countAll<number>().as('n')).where('dept_id', '=', dept.dealer1!).executeTakeFirstOrThrow();
    expect(devices.count).toBe(Number(inDb.n));
  });

  it('finds nothing of dealer2 when dealer1 searches for it by number, frame, name or department', async () => {
    const theirs = (await allCars('dealer2')).list[0]!;
    const theirDevice = (await allDevices('dealer2')).list[0]!;
    expect((await allDevices('dealer1', { deviceNumber: theirDevice.deviceNumber })).count).toBe(0);
    expect((await allDevices('dealer1', { deptId: dept.dealer2 })).count).toBe(0);
    expect((await allCars('dealer1', { carFrameNumber: theirs.carFrameNumber })).count).toBe(0);
    expect((await allCars('dealer1', { deviceNumber: theirs.wiredDevices[0] })).count).toBe(0);
    expect((await allCars('dealer1', { deptId: dept.dealer2 })).count).toBe(0);
    const names = (await allCars('dealer1', { customerName: theirs.customerName })).list;
    expect(names.every((c) => c.deptId === dept.dealer1)).toBe(true);
  });

  it('exports only dealer1 rows to dealer1, even when filtering for dealer2', async () => {
    const theirDevice = (await allDevices('dealer2')).list[0]!;
    const devices = await xlsxRows('dealer1', '/api/device/downloadListFromMiddle');
    const mine = await allDevices('dealer1');
    expect(devices[0]).toContain('设备号');
    expect(devices.length - 1).toBe(mine.count);
    expect(devices.flat()).not.toContain(theirDevice.deviceNumber);
    expect((await xlsxRows('dealer1', '/api/device/downloadListFromMiddle', { deptId: dept.dealer2 })).length).toBe(1);
    const cars = await xlsxRows('dealer1', '/api/car/download');
    expect(cars.length - 1).toBe((await allCars('dealer1')).count);
  });

  it('gives dealer1 a department tree of its own dealer only, and no tree of another dealer user', async () => {
    const tree = (await get('dealer1', '/api/dept/getDeptTreeByUserId')).json().result as { id: number; children: unknown[] }[];
    expect(tree.map((n) => n.id)).toEqual([dept.dealer1]);
    const dealer2User = await t.db.selectFrom('app_user').select('id').where('username', '=', 'dealer2').executeTakeFirstOrThrow();
    const res = await get('dealer1', `/api/dept/getDeptTreeByUserId?userid=${dealer2User.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('counts only dealer1 devices, cars and customers on the home page', async () => {
    const devices = (await get('dealer1', '/api/indexMonitoring/deviceOnline')).json().result;
    const cars = (await get('dealer1', '/api/indexMonitoring/carCount')).json().result;
    const customers = (await get('dealer1', '/api/indexMonitoring/customerCount')).json().result;
    expect(devices.total).toBe((await allDevices('dealer1')).count);
    expect(cars.count).toBe((await allCars('dealer1')).count);
    const inDb = await t.db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).where('dept_id', '=', dept.dealer1!).executeTakeFirstOrThrow();
    expect(customers.total).toBe(Number(inDb.n));
  });
});

describe('finance staff see all of their dealers', () => {
  it('lists every device and car of its three dealers and none of the other institution', async () => {
    const devices = await allDevices('finance1');
    const cars = await allCars('finance1');
    const deptsSeen = new Set(devices.list.map((d) => d.deptId));
    for (const d of financeDealers) expect(deptsSeen.has(d)).toBe(true);
    for (const d of otherFinanceDealers) expect(deptsSeen.has(d)).toBe(false);
    const perDealer = await Promise.all(financeDealers.map((d) => allCars('admin', { deptId: d })));
    expect(cars.count).toBe(perDealer.reduce((n, r) => n + r.count, 0));
    expect(new Set(cars.list.map((c) => c.deptId))).toEqual(new Set(financeDealers));
  });

  it('sees the same numbers on the home page as in the lists', async () => {
    const devices = (await get('finance1', '/api/indexMonitoring/deviceOnline')).json().result;
    expect(devices.total).toBe((await allDevices('finance1')).count);
    expect(devices.total).toBe(devices.online + devices.offline + devices.never);
    expect(devices.total).toBe(devices.wired + devices.wireless);
  });
});

describe('platform staff see everything', () => {
  it('lists devices of both institutions', async () => {
    const devices = await allDevices('admin');
    const seen = new Set(devices.list.map((d) => d.deptId));
    for (const d of [...financeDealers, ...otherFinanceDealers]) expect(seen.has(d)).toBe(true);
    const inDb = await t.db.selectFrom('device').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(devices.count).toBe(Number(inDb.n));
  });
});
