import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGcj02 } from '../../lib/coords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let wired = '';
let wireless = '';
let otherDealerWired = '';
const BASE = Date.UTC(2026, 10, 20, 1, 0, 0); // 2026-11-20 09:00:00 in Shanghai
const MIN = 60_000;

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
  for (let m = 0; m <= 12; m++) fixes.push({ deviceNumber: wired, gpsTime: BASE + m * MIN, lng: 120.15, lat: 30.28, speed: 0, direction: 0, altitude: 5, acc: 0 as const });
  for (let m = 13; m <= 20; m++) fixes.push({ deviceNumber: wired, gpsTime: BASE + m * MIN, lng: 120.15 + (m - 12) * 0.004, lat: 30.28, speed: 45, direction: 90, altitude: 5, acc: 1 as const });
  fixes.push({ deviceNumber: wireless, gpsTime: BASE + 5 * MIN, lng: 120.16, lat: 30.29, speed: 0, direction: 0, altitude: 0, acc: 0 as const, fixType: 2 as const });
  fixes.push({ deviceNumber: otherDealerWired, gpsTime: BASE, lng: 113.3, lat: 23.1, speed: 0, direction: 0, altitude: 0, acc: 0 as const });
  await t.telemetry.pipeline.submit(fixes);
});
afterAll(() => t.close());

const replay = async (user: string, kind: 'Wired' | 'Wireless', deviceNumber: string, start = '2026-11-20 08:00:00', end = '2026-11-20 10:00:00') =>
  t.app.inject({
    method: 'GET',
    url: `/api/device/trackReplay${kind}?deviceNumber=${deviceNumber}&startTime=${encodeURIComponent(start)}&endTime=${encodeURIComponent(end)}`,
    headers: { accessToken: await t.login(user) },
  });

describe('track replay', () => {
  it('returns the wired fixes in time order with GCJ-02 beside WGS-84, and the stop', async () => {
    const r = (await replay('dealer1', 'Wired', wired)).json().result;
    expect(r.list).toHaveLength(21);
    expect(r.list[0]).toEqual({ lng: 120.15, lat: 30.28, gaodeLng: toGcj02(120.15, 30.28)[0], gaodeLat: toGcj02(120.15, 30.28)[1], speed: 0, direction: 0, gpsTime: '2026-11-20 09:00:00', acc: 0, fixType: 1 });
    expect(r.list[0].gaodeLng).not.toBe(120.15);
    expect(r.list.map((f: { gpsTime: string }) => f.gpsTime)).toEqual([...r.list.map((f: { gpsTime: string }) => f.gpsTime)].sort());
    expect(r.stops).toEqual([expect.objectContaining({ startTime: '2026-11-20 09:00:00', endTime: '2026-11-20 09:13:00', durationMs: 13 * MIN, closed: true, address: '浙江省杭州市拱墅区' })]);
  });

  it('narrows to the requested period', async () => {
    const r = (await replay('dealer1', 'Wired', wired, '2026-11-20 09:05:00', '2026-11-20 09:06:00')).json().result;
    expect(r.list.map((f: { gpsTime: string }) => f.gpsTime)).toEqual(['2026-11-20 09:05:00', '2026-11-20 09:06:00']);
  });

  it('replays wireless fixes with their fix type through the wireless call only', async () => {
    const r = (await replay('dealer1', 'Wireless', wireless)).json().result;
    expect(r.list).toEqual([expect.objectContaining({ gpsTime: '2026-11-20 09:05:00', fixType: 2 })]);
    const wrong = await replay('dealer1', 'Wired', wireless);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('不是有线设备');
  });

  it("answers another dealer's device as not found", async () => {
    const res = await replay('dealer1', 'Wired', otherDealerWired);
    expect(res.statusCode).toBe(404);
    expect((await replay('admin', 'Wired', otherDealerWired)).json().result.list).toHaveLength(1);
  });

  it.each([
    ['2026-11-20 10:00:00', '2026-11-20 09:00:00', '结束时间须晚于开始时间'],
    ['2026-10-01 00:00:00', '2026-11-20 00:00:00', '查询时间跨度不能超过31天'],
    ['2026/11/20 09:00', '2026-11-20 10:00:00', 'startTime'],
  ])('rejects the period %s – %s', async (start, end, message) => {
    const res = await replay('dealer1', 'Wired', wired, start, end);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });
});

describe('strict input', () => {
  it('says a device number is too long, naming the field once', async () => {
    const res = await replay('dealer1', 'Wired', '8'.repeat(31));
    expect(res.json()).toMatchObject({ code: 400, msg: '参数错误：deviceNumber 最多30个字符' });
  });

  it('names a missing time and keeps the period rule in its own words', async () => {
    const res = await replay('dealer1', 'Wired', wired, '', '2026-11-20 10:00:00');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^参数错误：startTime /);
    const backwards = await replay('dealer1', 'Wired', wired, '2026-11-20 10:00:00', '2026-11-20 09:00:00');
    expect(backwards.json().msg).toBe('参数错误：endTime 结束时间须晚于开始时间');
  });
});
