import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let wired = '';
let wireless = '';
let otherDealerWired = '';
const BASE = Date.UTC(2026, 10, 20, 1, 0, 0); // 2026-11-20 09:00:00 in Shanghai
const MIN = 60_000;
const PERIOD = { startTime: '2026-11-20 08:00:00', endTime: '2026-11-20 10:00:00' };

beforeAll(async () => {
  t = await createTestApp();
  const dealer1 = (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow()).dept_id;
  const first = async (kind: number, same: boolean) =>
    (await t.db.selectFrom('device').select('device_number').where('kind', '=', kind).where('car_id', 'is not', null)
      .where('dept_id', same ? '=' : '<>', dealer1).orderBy('id').executeTakeFirstOrThrow()).device_number;
  wired = await first(1, true);
  wireless = await first(2, true);
  otherDealerWired = await first(1, false);
  const fixes = [];
  // Parked 12 minutes (a stop), then 8 minutes driving east.
  for (let m = 0; m <= 12; m++) fixes.push({ deviceNumber: wired, gpsTime: BASE + m * MIN, lng: 120.15, lat: 30.28, speed: 0, direction: 0, altitude: 5, acc: 0 as const });
  for (let m = 13; m <= 20; m++) fixes.push({ deviceNumber: wired, gpsTime: BASE + m * MIN, lng: 120.15 + (m - 12) * 0.004, lat: 30.28, speed: 45, direction: 90, altitude: 5, acc: 1 as const });
  fixes.push({ deviceNumber: wireless, gpsTime: BASE + 5 * MIN, lng: 120.16, lat: 30.29, speed: 0, direction: 0, altitude: 0, acc: 0 as const, fixType: 3 as const });
  fixes.push({ deviceNumber: otherDealerWired, gpsTime: BASE, lng: 113.3, lat: 23.1, speed: 0, direction: 0, altitude: 0, acc: 0 as const });
  await t.telemetry.pipeline.submit(fixes);
});
afterAll(() => t.close());

async function exportTrack(user: string, params: Record<string, string>) {
  const qs = new URLSearchParams({ ...PERIOD, ...params }).toString();
  return t.app.inject({ method: 'GET', url: `/api/device/trackReplayExport?${qs}`, headers: { accessToken: await t.login(user) } });
}

async function sheetRows(payload: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('track export', () => {
  it('exports the wired track as a spreadsheet, one row per fix, named after the device and days', async () => {
    const res = await exportTrack('dealer1', { deviceNumber: wired, kind: 'wired', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`轨迹-${wired}-20261120-20261120.xlsx`)}`);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['定位时间', '经度', '纬度', '速度(km/h)', '方向', 'ACC', '定位方式']);
    expect(rows).toHaveLength(1 + 21);
    expect(rows[1]).toEqual(['2026-11-20 09:00:00', '120.15', '30.28', '0', '0', '关', '卫星定位']);
    expect(rows[21]).toEqual(['2026-11-20 09:20:00', '120.182', '30.28', '45', '90', '开', '卫星定位']);
  });

  it('exports the wired track as KML with the line and the stop', async () => {
    const res = await exportTrack('dealer1', { deviceNumber: wired, kind: 'wired', format: 'kml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('kml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`轨迹-${wired}-20261120-20261120.kml`));
    const kml = res.body;
    expect(kml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<kml xmlns="http:\/\/www.opengis.net\/kml\/2.2">/);
    const line = /<LineString>.*?<coordinates>\s*([^<]+?)\s*<\/coordinates>/s.exec(kml)![1]!.split(' ');
    expect(line).toHaveLength(21);
    expect(line[0]).toBe('120.150000,30.280000');
    expect(line[20]).toBe('120.182000,30.280000');
    expect(kml).toContain('<name>停留 1</name>');
    expect(kml).toContain('开始：2026-11-20 09:00:00');
    expect(kml).toContain('地址：浙江省杭州市');
  });

  it('exports a wireless device with its fix type, and only as wireless', async () => {
    const rows = await sheetRows((await exportTrack('dealer1', { deviceNumber: wireless, kind: 'wireless', format: 'xlsx' })).rawPayload);
    expect(rows.slice(1)).toEqual([['2026-11-20 09:05:00', '120.16', '30.29', '0', '0', '关', 'WiFi定位']]);
    const wrong = await exportTrack('dealer1', { deviceNumber: wireless, kind: 'wired', format: 'xlsx' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('不是有线设备');
  });

  it("answers another dealer's device as not found, in either format", async () => {
    for (const format of ['xlsx', 'kml']) {
      const res = await exportTrack('dealer1', { deviceNumber: otherDealerWired, kind: 'wired', format });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('设备不存在');
    }
    expect((await exportTrack('admin', { deviceNumber: otherDealerWired, kind: 'wired', format: 'kml' })).statusCode).toBe(200);
  });

  it.each([
    [{ format: 'csv' }, '参数错误：format 取值无效，可选：xlsx、kml'],
    [{ kind: 'both' }, '参数错误：kind 取值无效，可选：wired、wireless'],
    [{ startTime: '2026-10-01 00:00:00', endTime: '2026-11-20 00:00:00' }, '查询时间跨度不能超过31天'],
    [{ deviceNumber: '' }, '请输入设备号'],
  ])('rejects %o with a precise message', async (bad, message) => {
    const res = await exportTrack('dealer1', { deviceNumber: wired, kind: 'wired', format: 'xlsx', ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });
});
