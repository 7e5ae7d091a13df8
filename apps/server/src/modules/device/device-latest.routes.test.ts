import { formatTime } from '@cvrisk/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let mine: string[] = [];
let theirs = '';

beforeAll(async () => {
  t = await createTestApp();
  const dept = async (u: string) => (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', u).executeTakeFirstOrThrow()).dept_id;
  const numbers = async (deptId: number) =>
    (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', deptId).where('kind', '=', 1).orderBy('id').limit(3).execute()).map((d) => d.device_number);
  mine = await numbers(await dept('dealer1'));
  theirs = (await numbers(await dept('dealer2')))[0]!;
  const now = Date.now();
  await t.telemetry.pipeline.submit([
    { deviceNumber: mine[0]!, gpsTime: now - 60_000, lng: 120.15, lat: 30.28, speed: 48, direction: 90, altitude: 10, acc: 1, signal: 28, satellites: 14 },
    { deviceNumber: mine[1]!, gpsTime: now - 120_000, lng: 120.16, lat: 30.29, speed: 0, direction: 0, altitude: 10, acc: 0 },
    { deviceNumber: mine[2]!, gpsTime: now - 3 * 3600_000, lng: 120.17, lat: 30.3, speed: 0, direction: 0, altitude: 10, acc: 0 },
    { deviceNumber: theirs, gpsTime: now - 30_000, lng: 120.6, lat: 31.3, speed: 20, direction: 0, altitude: 10, acc: 1 },
  ]);
});
afterAll(() => t.close());

const post = async (user: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { accessToken: await t.login(user) }, payload });

describe('device latest positions', () => {
  it('lists the most recent report first, with state, GCJ-02 position and signal', async () => {
    const r = (await post('dealer1', '/api/device/getLatestPositionList', { pageSize: 5 })).json().result;
    expect(r.list.slice(0, 3).map((d: { deviceNumber: string }) => d.deviceNumber)).toEqual(mine);
    expect(r.list.slice(0, 3).map((d: { state: string }) => d.state)).toEqual(['moving', 'parked', 'offline']);
    expect(r.list[0]).toMatchObject({ speed: 48, acc: 1, signal: 28, satellites: 14, lng: 120.15 });
    expect(r.list[0].gaodeLng).toBeGreaterThan(120.15);
    expect(r.list.some((d: { deviceNumber: string }) => d.deviceNumber === theirs)).toBe(false);
  });

  it('names where each device of the page last was, to the district', async () => {
    const r = (await post('dealer1', '/api/device/getLatestPositionList', { pageSize: 20 })).json().result;
    expect(r.list.slice(0, 3).map((d: { address: string }) => d.address)).toEqual(['浙江省杭州市拱墅区', '浙江省杭州市下城区', '浙江省杭州市下城区']);
    // A device that never reported has nowhere to be named.
    const silent = r.list.filter((d: { lng: number | null }) => d.lng === null);
    expect(silent.length).toBeGreaterThan(0);
    expect(silent.every((d: { address: string | null }) => d.address === null)).toBe(true);
  });

  it('filters by state and by the time of the last report', async () => {
    const moving = (await post('dealer1', '/api/device/getLatestPositionList', { state: 'moving' })).json().result;
    expect(moving.list.map((d: { deviceNumber: string }) => d.deviceNumber)).toEqual([mine[0]]);
    const recent = (await post('dealer1', '/api/device/getLatestPositionList', { lastTimeStart: formatTime(Date.now() - 10 * 60_000) })).json().result;
    expect(recent.list.map((d: { deviceNumber: string }) => d.deviceNumber)).toEqual([mine[0], mine[1]]);
  });

  it('refuses a last-report time range whose start is after its end, in the list and the export', async () => {
    for (const url of ['/api/device/getLatestPositionList', '/api/device/downloadLatestPositionList']) {
      const res = await post('dealer1', url, { lastTimeStart: '2026-11-22 10:00:00', lastTimeEnd: '2026-11-22 09:59:59' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '参数错误：lastTimeStart 最后上报开始时间不能晚于最后上报结束时间' });
    }
    const install = await post('dealer1', '/api/device/getLatestPositionList', { installTimeStart: '2026-11-02 00:00:00', installTimeEnd: '2026-11-01 00:00:00' });
    expect(install.json().msg).toBe('参数错误：installTimeStart 安装开始时间不能晚于安装结束时间');
  });

  it('looks up pasted device numbers within scope only', async () => {
    const pasted = `${mine[0]}, ${mine[1]}\n${theirs}；${mine[0]}`;
    const r = (await post('dealer1', '/api/device/getDevListByDivNumbers', { deviceNumbers: pasted })).json().result;
    expect(r.map((d: { deviceNumber: string }) => d.deviceNumber).sort()).toEqual([mine[0], mine[1]].sort());
    expect(r.find((d: { deviceNumber: string }) => d.deviceNumber === mine[0]).address).toBe('浙江省杭州市拱墅区');
    const admin = (await post('admin', '/api/device/getDevListByDivNumbers', { deviceNumbers: [theirs] })).json().result;
    expect(admin).toHaveLength(1);
  });

  it('rejects an empty list and more than 1000 numbers', async () => {
    expect((await post('dealer1', '/api/device/getDevListByDivNumbers', { deviceNumbers: ' , ' })).json().msg).toContain('请输入设备号');
    const many = Array.from({ length: 1001 }, (_, i) => String(100000000000 + i));
    expect((await post('dealer1', '/api/device/getDevListByDivNumbers', { deviceNumbers: many })).statusCode).toBe(400);
  });

  it('exports the latest positions with the same filters and scope, addresses included', async () => {
    const res = await post('dealer1', '/api/device/downloadLatestPositionList', { state: 'moving' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('设备最新位置'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const column = rows[0]!.indexOf('地址');
    expect(column).toBeGreaterThan(0);
    expect(rows.slice(1).map((row) => [row[0], row[column]])).toEqual([[mine[0], '浙江省杭州市拱墅区']]);
  });
});

describe('device calls take their input strictly', () => {
  it.each([
    [{ deptId: true }, '参数错误：deptId 应为整数'],
    [{ deptId: '0x10' }, '参数错误：deptId 应为整数'],
    [{ deptId: ' 12 ' }, '参数错误：deptId 应为整数'],
    [{ deptId: '1e1' }, '参数错误：deptId 应为整数'],
    [{ deviceKind: 3 }, '参数错误：deviceKind 不能大于2'],
    [{ pageNumber: 10_000_000 }, '参数错误：pageNumber 不能大于1000000'],
    [{ deviceNumber: 'x'.repeat(31) }, '参数错误：deviceNumber 最多30个字符'],
  ])('answers the list %j with %s', async (payload, msg) => {
    for (const url of ['/api/device/getDevList', '/api/device/getLatestPositionList']) {
      const res = await post('dealer1', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg });
    }
  });

  it('takes a number given as digits, as a URL filter gives it', async () => {
    const res = await post('dealer1', '/api/device/getDevList', { deviceKind: '1', pageNumber: '1' });
    expect(res.json().code).toBe(200);
  });

  it('names the field of a reset registration that is too long', async () => {
    const res = await post('admin', '/api/device/resetRegistration', { deviceNumber: '1'.repeat(31) });
    expect(res.json()).toEqual({ code: 400, msg: '参数错误：deviceNumber 最多30个字符' });
  });
});
