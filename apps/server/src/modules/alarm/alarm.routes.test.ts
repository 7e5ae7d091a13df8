import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANGZHOU, HOUR, MIN } from '../../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
/** One wired device on a car per dealer: dealer1's, dealer2's and a dealer of another institution. */
const dev: Record<'d1' | 'd2' | 'other', { id: number; device_number: string; plate_number: string; dept_id: number }> = {} as never;

type Alarm = { id: number; deviceNumber: string; alarmType: number; alarmTypeName: string; startTime: string; endTime: string | null; state: string; durationMs: number; duration: string; deptId: number; plateNumber: string | null; customerName: string | null; address: string | null };

async function deviceOf(deptId: number) {
  return t.db.selectFrom('device as d').innerJoin('car', 'car.id', 'd.car_id').select(['d.id', 'd.device_number', 'car.plate_number', 'd.dept_id'])
    .where('d.dept_id', '=', deptId).where('d.kind', '=', 1).orderBy('d.id').executeTakeFirstOrThrow();
}

async function alarm(device: { id: number; dept_id: number }, type: number, start: number, end: number | null) {
  await t.db.insertInto('device_alarm').values({ dept_id: device.dept_id, device_id: device.id, alarm_type: type, start_time: start, end_time: end, lng: HANGZHOU.lng, lat: HANGZHOU.lat }).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
  const other = await t.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').where('parent_id', '<>', dept.finance1!).orderBy('id').executeTakeFirstOrThrow();
  dev.d1 = await deviceOf(dept.dealer1!);
  dev.d2 = await deviceOf(dept.dealer2!);
  dev.other = await deviceOf(other.id);
  const T = SEED_NOW - 10 * HOUR;
  await alarm(dev.d1, 8, T, T + 90 * MIN);
  await alarm(dev.d1, 0, T + HOUR, null);
  await alarm(dev.d1, 100, T + 2 * HOUR, T + 2 * HOUR + 5 * MIN);
  await alarm(dev.d2, 8, T + 3 * HOUR, null);
  await alarm(dev.d2, 8, T + 3 * HOUR, T + 4 * HOUR);
  await alarm(dev.other, 8, T + 4 * HOUR, null);
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });

async function list(user: string, filters: object = {}) {
  const res = await post(user, '/api/report/gpsAlarm/findList', { pageNumber: 1, pageSize: 100, ...filters });
  expect(res.json().code).toBe(200);
  return res.json().result as { list: Alarm[]; count: number };
}

describe('GET /api/report/alarmWarning/getAlarmType', () => {
  it('names every alarm type in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/report/alarmWarning/getAlarmType', headers: { accessToken: tokens.dealer1! } });
    const types = res.json().result as { code: number; name: string; nameEn: string }[];
    expect(types).toContainEqual({ code: 8, name: '终端主电源掉电', nameEn: 'Main power lost' });
    expect(types).toContainEqual({ code: 100, name: '拆除报警', nameEn: 'Tampering' });
    expect(types.map((x) => x.code)).toEqual([...types.map((x) => x.code)].sort((a, b) => a - b));
  });
});

describe('POST /api/report/gpsAlarm/findList', () => {
  it('lists the institution’s alarms newest first, with device, car, dealer, duration and place', async () => {
    const r = await list('finance1');
    expect(r.count).toBe(5);
    expect(r.list.map((a) => [a.deviceNumber, a.alarmType])).toEqual([
      [dev.d2.device_number, 8], [dev.d2.device_number, 8], [dev.d1.device_number, 100], [dev.d1.device_number, 0], [dev.d1.device_number, 8],
    ]);
    // Same start: the later row first, so paging never shows one twice.
    expect(r.list[0]!.id).toBeGreaterThan(r.list[1]!.id);
    const power = r.list[4]!;
    expect(power).toMatchObject({
      alarmTypeName: '终端主电源掉电', state: 'closed', durationMs: 90 * MIN, duration: '1小时30分', deptId: dept.dealer1,
      plateNumber: dev.d1.plate_number, startTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(power.customerName).toBeTruthy();
    expect(power.address).toContain('杭州市');
    const sos = r.list[3]!;
    expect(sos).toMatchObject({ state: 'open', endTime: null, alarmTypeName: '紧急报警' });
    expect(sos.durationMs).toBeGreaterThan(0);
  });

  it('shows dealer staff their own dealer only, whatever they filter for', async () => {
    expect(new Set((await list('dealer1')).list.map((a) => a.deviceNumber))).toEqual(new Set([dev.d1.device_number]));
    expect((await list('dealer1', { deviceNumber: dev.d2.device_number })).count).toBe(0);
    expect((await list('dealer1', { deptId: dept.dealer2 })).count).toBe(0);
    expect((await list('dealer2')).count).toBe(2);
    expect((await list('admin')).count).toBe(6);
  });

  it('filters by type, state, device, plate, department and start time, and pages', async () => {
    expect((await list('finance1', { alarmType: 8 })).count).toBe(3);
    expect((await list('finance1', { state: 'open' })).list.every((a) => a.state === 'open')).toBe(true);
    expect((await list('finance1', { state: 'open' })).count).toBe(2);
    expect((await list('finance1', { state: 'closed' })).count).toBe(3);
    expect((await list('finance1', { deviceNumber: dev.d1.device_number })).count).toBe(3);
    expect((await list('finance1', { plateNumber: dev.d2.plate_number })).count).toBe(2);
    expect((await list('finance1', { deptId: dept.dealer2 })).count).toBe(2);
    const T = SEED_NOW - 10 * HOUR;
    const fmt = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
    expect((await list('finance1', { beginDate: fmt(T + HOUR), endDate: fmt(T + 2 * HOUR) })).list.map((a) => a.alarmType)).toEqual([100, 0]);
    const page2 = await list('finance1', { pageNumber: 2, pageSize: 2 });
    expect(page2.count).toBe(5);
    expect(page2.list.map((a) => a.alarmType)).toEqual([100, 0]);
  });

  it('refuses bad filters with 400 naming the field once and saying what is wrong', async () => {
    for (const [body, msg] of [
      [{ alarmType: 999 }, 'alarmType 不能大于255'],
      [{ alarmType: 9 }, 'alarmType 不是已知的报警类型'],
      [{ state: 'sleeping' }, 'state 取值无效，可选：open、closed'],
      [{ beginDate: '2026-13-01 00:00:00' }, 'beginDate 时间格式应为 YYYY-MM-DD HH:mm:ss'],
      [{ beginDate: '2026-11-20 00:00:00', endDate: '2026-11-19 00:00:00' }, 'beginDate 开始时间不能晚于结束时间'],
      [{ pageSize: 5000 }, 'pageSize 不能大于1000'],
      [{ pageNumber: 1_000_001 }, 'pageNumber 不能大于1000000'],
      [{ deviceNumber: '8'.repeat(31) }, 'deviceNumber 最多30个字符'],
    ] as const) {
      const res = await post('finance1', '/api/report/gpsAlarm/findList', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`参数错误：${msg}`);
    }
  });

  it('takes ids and integers only as integers: no booleans, hex, padding or exponents', async () => {
    for (const bad of [true, '0x10', ' 12 ', '1e1', 1.5]) {
      for (const field of ['deptId', 'alarmType', 'pageNumber']) {
        const res = await post('finance1', '/api/report/gpsAlarm/findList', { [field]: bad });
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(`参数错误：${field} 应为整数`);
      }
    }
    expect((await list('finance1', { deptId: String(dept.dealer2) })).count).toBe(2);
  });

  it('answers no-permission to an installer', async () => {
    const res = await post('installer1', '/api/report/gpsAlarm/findList', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(401);
  });
});

describe('POST /api/report/gpsAlarm/download', () => {
  it('streams the filtered list as .xlsx', async () => {
    const res = await post('operator1', '/api/report/gpsAlarm/download', { alarmType: 8 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('设备报警'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual(expect.arrayContaining(['设备号', '报警类型', '开始时间', '持续时长', '位置']));
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).every((r) => r.includes('终端主电源掉电'))).toBe(true);
    expect(rows.some((r) => r.includes(dev.other.device_number))).toBe(false);
  });

  it('needs warning:export, and checks the filters before streaming', async () => {
    expect((await post('dealer1', '/api/report/gpsAlarm/download', {})).json().code).toBe(401);
    const bad = await post('finance1', '/api/report/gpsAlarm/download', { beginDate: '2026-11-20 00:00:00', endDate: '2026-11-19 00:00:00' });
    expect(bad.statusCode).toBe(400);
  });
});
