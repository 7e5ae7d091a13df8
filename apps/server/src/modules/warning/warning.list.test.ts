import { formatTime, type WarningListItem, type WarningTypeCode } from '@cvrisk/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { deptsOfUsers, devicesOf, insertWarning, type FixtureDevice } from './warning.fixture.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let dept: Record<string, number> = {};
const devices: Record<string, FixtureDevice[]> = {};
const BASE = '/api/report/riskWarning';
const MIN = 60_000;
const TYPES: WarningTypeCode[] = [1, 3, 4, 11];

const post = (user: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });

async function list(user: string, filters: object = {}) {
  const res = await post(user, `${BASE}/findList`, { pageNumber: 1, pageSize: 100, ...filters });
  expect(res.json().code, res.body).toBe(200);
  return res.json().result as { list: WarningListItem[]; count: number };
}

async function xlsxRows(user: string, url: string, payload: object = {}): Promise<string[][]> {
  const res = await post(user, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

/** dealer1, dealer2 (both under finance1) and dealer4 (another institution): 3 devices × 4 types each; the third device's are handled. */
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  dept = await deptsOfUsers(t.db);
  for (const [k, name] of ['dealer1', 'dealer2', 'dealer4'].entries()) {
    devices[name] = await devicesOf(t.db, dept[name]!);
    for (const [j, d] of devices[name]!.entries()) {
      for (const [i, type] of TYPES.entries()) {
        await insertWarning(t.db, d, type, SEED_NOW - (k * 100 + j * 10 + i) * MIN, { handled: j === 2, compound: k === 0 && j === 0 && type === 4 });
      }
    }
  }
});
afterAll(() => t.close());

async function countInDb(deptIds: number[]): Promise<number> {
  const r = await t.db.selectFrom('warning').select((eb) => eb.fn.countAll<number>().as('n')).where('dept_id', 'in', deptIds).executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('getRiskWarningTypeDict', () => {
  it('lists the eleven types with Chinese and English names and their level', async () => {
    const res = await post('dealer1', `${BASE}/getRiskWarningTypeDict`);
    const dict = res.json().result as { code: number; name: string; nameEn: string; riskLevel: number }[];
    expect(dict.map((x) => x.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(dict[3]).toEqual({ code: 4, name: '二押点预警', nameEn: 'Risk-point stay', riskLevel: 1 });
    expect(dict[10]).toMatchObject({ name: '低电量预警', riskLevel: 3 });
  });
});

describe('findList scope', () => {
  it('shows dealer staff their dealer only, with the count the database holds', async () => {
    const r = await list('dealer1');
    expect(r.count).toBe(await countInDb([dept.dealer1!]));
    expect(new Set(r.list.map((w) => w.deptId))).toEqual(new Set([dept.dealer1]));
  });

  it('shows finance staff all their dealers and not the other institution', async () => {
    const r = await list('finance1');
    const ids = new Set(r.list.map((w) => w.deptId));
    expect(ids.has(dept.dealer1!) && ids.has(dept.dealer2!)).toBe(true);
    expect(ids.has(dept.dealer4!)).toBe(false);
    expect((await list('admin')).count).toBeGreaterThan(r.count);
  });

  it('finds nothing of dealer2 for dealer1, whatever the filters', async () => {
    const theirs = devices.dealer2![0]!;
    expect((await list('dealer1', { deviceNumber: theirs.device_number })).count).toBe(0);
    expect((await list('dealer1', { deptId: dept.dealer2 })).count).toBe(0);
    expect((await list('dealer1', { customerPhone: theirs.phone })).count).toBe(0);
  });
});

describe('findList filters', () => {
  it('narrows by type, status and risk level, and counts what it narrows to', async () => {
    const all = await list('finance1');
    for (const [key, value] of [['warningType', 4], ['dealStatus', 1], ['dealStatus', 0], ['riskLevel', 3]] as const) {
      const r = await list('finance1', { [key]: value });
      expect(r.count).toBe(all.list.filter((w) => w[key] === value).length);
      expect(r.list.every((w) => w[key] === value)).toBe(true);
      expect(r.count).toBeGreaterThan(0);
    }
  });

  it('narrows by part of a device number, a customer phone and a dealer', async () => {
    const d = devices.dealer2![1]!;
    const byDevice = await list('finance1', { deviceNumber: d.device_number.slice(2) });
    expect(byDevice.list.map((w) => w.deviceNumber)).toContain(d.device_number);
    expect(byDevice.list.every((w) => w.deviceNumber.includes(d.device_number.slice(2)))).toBe(true);
    const byPhone = await list('finance1', { customerPhone: d.phone });
    expect(byPhone.count).toBeGreaterThanOrEqual(TYPES.length);
    expect(byPhone.list.every((w) => w.customerPhone === d.phone)).toBe(true);
    const byDept = await list('finance1', { deptId: dept.dealer2 });
    expect(byDept.count).toBe(await countInDb([dept.dealer2!]));
  });

  it('counts the same whether a device text matches no device, a few, or hundreds', async () => {
    expect(await list('finance1', { deviceNumber: '不存在的设备' })).toEqual({ list: [], count: 0 });
    const d = devices.dealer1![0]!;
    for (const text of [d.device_number, '8']) {
      const matching = await t.db.selectFrom('device').select('id').where('device_number', 'like', `%${text}%`).execute();
      const want = await t.db.selectFrom('warning').select((eb) => eb.fn.countAll<number>().as('n')).where('device_id', 'in', matching.map((m) => m.id)).executeTakeFirstOrThrow();
      const got = await list('admin', { deviceNumber: text });
      expect(got.count, text).toBe(Number(want.n));
      expect(got.count, text).toBeGreaterThan(0);
    }
    // The second text matches more devices than are named by id: the other way of filtering is taken.
    expect((await t.db.selectFrom('device').select('id').where('device_number', 'like', '%8%').execute()).length).toBeGreaterThan(500);
  });

  it('bounds the warning time by beginDate/endDate, by the route’s warningTime text, and by whole days', async () => {
    const begin = formatTime(SEED_NOW - 12 * MIN);
    const end = formatTime(SEED_NOW - 2 * MIN);
    const r = await list('dealer1', { beginDate: begin, endDate: end });
    expect(r.list.map((w) => w.warningTime).every((x) => x >= begin && x <= end)).toBe(true);
    expect(r.count).toBe(5); // offsets 2, 3, 10, 11, 12 minutes
    expect((await list('dealer1', { warningTime: `${begin},${end}` })).count).toBe(5);
    const day = formatTime(SEED_NOW).slice(0, 10);
    expect((await list('dealer1', { warningTime: day })).count).toBe((await list('dealer1', { beginDate: day, endDate: day })).count);
    expect((await list('dealer1', { beginDate: formatTime(SEED_NOW + MIN) })).count).toBe(0);
  });

  it('marks compound warnings and masks phones for roles without customer:sensitive', async () => {
    const mine = await list('operator1', { deviceNumber: devices.dealer1![0]!.device_number, warningType: 4 });
    expect(mine.list[0]).toMatchObject({ compound: true, warningTypeName: '二押点预警', deptName: expect.any(String) });
    expect(mine.list[0]!.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const full = await list('finance1', { deviceNumber: devices.dealer1![0]!.device_number, warningType: 4 });
    expect(full.list[0]!.customerPhone).toBe(devices.dealer1![0]!.phone);
  });
});

describe('findList paging and sorting', () => {
  it('pages without overlap, newest first by default, id breaking ties', async () => {
    const whole = (await list('finance1')).list;
    const one = await list('finance1', { pageSize: 7, pageNumber: 1 });
    const two = await list('finance1', { pageSize: 7, pageNumber: 2 });
    expect([...one.list, ...two.list].map((w) => w.id)).toEqual(whole.slice(0, 14).map((w) => w.id));
    expect(one.count).toBe(whole.length);
    const times = whole.map((w) => w.warningTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sorts by time ascending, and by severity with high first', async () => {
    const asc = (await list('finance1', { sortField: 'warningTime', sortOrder: 'asc' })).list.map((w) => w.warningTime);
    expect(asc).toEqual([...asc].sort());
    const severe = (await list('finance1', { sortField: 'riskLevel', sortOrder: 'desc' })).list.map((w) => w.riskLevel);
    expect(severe).toEqual([...severe].sort());
    const mild = (await list('finance1', { sortField: 'riskLevel', sortOrder: 'asc' })).list.map((w) => w.riskLevel);
    expect(mild[0]).toBe(3);
  });

  it('refuses bad input with a message naming the field', async () => {
    const cases: [object, string][] = [
      [{ pageSize: 101 }, 'pageSize'],
      [{ warningType: 99 }, 'warningType'],
      [{ dealStatus: 2 }, 'dealStatus'],
      [{ beginDate: '2026-13-01 00:00:00' }, 'beginDate'],
      [{ warningTime: 'yesterday' }, 'warningTime'],
      [{ beginDate: '2026-11-22 10:00:00', endDate: '2026-11-21 10:00:00' }, '开始时间不能晚于结束时间'],
      [{ sortField: 'id' }, 'sortField'],
    ];
    for (const [payload, word] of cases) {
      const res = await post('dealer1', `${BASE}/findList`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(word);
    }
  });

  it('is strict about numbers and says what is wrong with each field once', async () => {
    const cases: [object, string][] = [
      [{ pageNumber: 1_000_001 }, '参数错误：pageNumber 不能大于1000000'],
      [{ pageSize: '1e1' }, '参数错误：pageSize 应为整数'],
      [{ deptId: true }, '参数错误：deptId 应为整数'],
      [{ deptId: '0x10' }, '参数错误：deptId 应为整数'],
      [{ dealStatus: true }, '参数错误：dealStatus 应为整数'],
      [{ riskLevel: 4 }, '参数错误：riskLevel 取值无效，可选：1、2、3'],
      [{ customerPhone: '1'.repeat(21) }, '参数错误：customerPhone 最多20个字符'],
    ];
    for (const [payload, msg] of cases) {
      const res = await post('dealer1', `${BASE}/findList`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('refuses callers without warning:view: code 401, HTTP 403', async () => {
    const res = await post('installer1', `${BASE}/findList`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(401);
  });
});

describe('findByDeviceNumberAndWarningType, getWarningCountByCarid, findQuick', () => {
  it('answers the device’s unhandled warnings of that type, and nothing across scopes', async () => {
    const d = devices.dealer1![0]!;
    const res = await get('dealer1', `${BASE}/findByDeviceNumberAndWarningType?deviceNumber=${d.device_number}&warningType=1`);
    const found = res.json().result.list as WarningListItem[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((w) => w.deviceNumber === d.device_number && w.warningType === 1 && w.dealStatus === 0)).toBe(true);
    const theirs = await get('dealer2', `${BASE}/findByDeviceNumberAndWarningType?deviceNumber=${d.device_number}&warningType=1`);
    expect(theirs.json().result.list).toEqual([]);
    expect((await get('dealer1', `${BASE}/findByDeviceNumberAndWarningType?deviceNumber=${d.device_number}`)).statusCode).toBe(400);
  });

  it('counts a car’s warnings per type, and answers 404 outside scope', async () => {
    const d = devices.dealer1![2]!;
    const res = await get('dealer1', `${BASE}/getWarningCountByCarid?carid=${d.car_id}`);
    const r = res.json().result as { list: { warningType: number; total: number; unhandled: number }[]; total: number; unhandled: number };
    expect(r.list).toHaveLength(11);
    expect(r.list.find((x) => x.warningType === 3)).toMatchObject({ total: 1, unhandled: 0 });
    expect(r.total).toBe(r.list.reduce((s, x) => s + x.total, 0));
    expect((await get('dealer2', `${BASE}/getWarningCountByCarid?carid=${d.car_id}`)).statusCode).toBe(404);
    expect((await get('dealer1', `${BASE}/getWarningCountByCarid?carid=abc`)).statusCode).toBe(400);
    for (const carid of ['true', '0x10', '%2012%20', '1e1']) {
      expect((await get('dealer1', `${BASE}/getWarningCountByCarid?carid=${carid}`)).json().msg).toBe('参数错误：carid 应为整数');
    }
  });

  it('finds up to 10 warnings by device number, plate or frame number, within scope', async () => {
    const d = devices.dealer1![1]!;
    for (const text of [d.device_number.slice(0, 8), d.plate_number, d.frame_number.slice(-6)]) {
      const r = (await post('finance1', `${BASE}/findQuick`, { quickParam: text })).json().result.list as WarningListItem[];
      expect(r.length).toBeGreaterThan(0);
      expect(r.length).toBeLessThanOrEqual(10);
    }
    const plate = (await post('finance1', `${BASE}/findQuick`, { quickParam: d.plate_number })).json().result.list as WarningListItem[];
    expect(plate.every((w) => w.plateNumber === d.plate_number)).toBe(true);
    expect((await post('dealer2', `${BASE}/findQuick`, { quickParam: d.plate_number })).json().result.list).toEqual([]);
    expect((await post('dealer1', `${BASE}/findQuick`, { quickParam: ' ' })).statusCode).toBe(400);
    expect((await post('dealer1', `${BASE}/findQuick`, { quickParam: '8'.repeat(51) })).json().msg).toBe('参数错误：quickParam 最多50个字符');
  });
});

describe('exports', () => {
  it('exports every matching warning, as many rows as findList counts, with Chinese headers', async () => {
    const filters = { dealStatus: 0 };
    const count = (await list('finance1', filters)).count;
    const rows = await xlsxRows('finance1', `${BASE}/download`, filters);
    expect(rows[0]).toEqual(expect.arrayContaining(['设备号', '预警类型', '风险等级', '处理状态', '预警时间', '经销商']));
    expect(rows.length - 1).toBe(count);
    expect(rows.slice(1).every((r) => r[4] === '未处理')).toBe(true);
  });

  it('counts per customer: totals, unhandled and one column per type', async () => {
    const rows = await xlsxRows('finance1', `${BASE}/downloadWarningCountCustomer`, { deptId: dept.dealer1 });
    expect(rows[0]!.slice(0, 5)).toEqual(['客户姓名', '客户手机号', '经销商', '预警总数', '未处理']);
    expect(rows[0]).toHaveLength(16);
    const total = rows.slice(1).reduce((s, r) => s + Number(r[3]), 0);
    expect(total).toBe(await countInDb([dept.dealer1!]));
  });

  it('needs warning:export', async () => {
    const res = await post('dealer1', `${BASE}/download`);
    expect(res.statusCode).toBe(403);
    expect((await post('dealer1', `${BASE}/downloadWarningCountCustomer`)).statusCode).toBe(403);
  });
});
