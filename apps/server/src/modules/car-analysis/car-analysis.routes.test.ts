import type { CarDataAnalysis } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANGZHOU, HOUR, offset } from '../../test/engine-tracks.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { localMidnight } from './analysis.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let carId = 0;
let theirCarId = 0;
const URL = '/api/customerDraw/getCarDataAnalysis';
/** Rounded as the reply rounds WGS-84 (6 decimals, about 0.1 m). */
const at6 = (p: { lng: number; lat: number }) => ({ lng: Math.round(p.lng * 1e6) / 1e6, lat: Math.round(p.lat * 1e6) / 1e6 });
const HOME = at6(offset(HANGZHOU, 2000, 3000));
const SHOP = at6(offset(HANGZHOU, -3000, 0));

const get = (user: string, query: string) => t.app.inject({ method: 'GET', url: `${URL}?${query}`, headers: { accessToken: tokens[user]! } });

async function wiredCarOf(username: string) {
  const user = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', username).executeTakeFirstOrThrow();
  return t.db.selectFrom('device as d').select(['d.id', 'd.car_id']).where('d.dept_id', '=', user.dept_id).where('d.kind', '=', 1)
    .where('d.car_id', 'is not', null).orderBy('d.id').executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['operator1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  const device = await wiredCarOf('dealer1');
  carId = device.car_id!;
  theirCarId = (await wiredCarOf('dealer2')).car_id!;
  // The service reads the real clock: the last five nights at home, a short stop at a shop each afternoon.
  const today = localMidnight(Date.now());
  const stops = [1, 2, 3, 4, 5].flatMap((k) => {
    const day = today - k * 24 * HOUR;
    return [
      { start: day - 2 * HOUR, end: day + 7 * HOUR, ...HOME },
      { start: day + 15 * HOUR, end: day + 15.5 * HOUR, ...SHOP },
    ];
  });
  await t.db.insertInto('stop').values(stops.map((s) => ({ device_id: device.id, start_time: s.start, end_time: s.end, lng: s.lng, lat: s.lat, closed: 1 }))).execute();
});
afterAll(() => t.close());

describe('getCarDataAnalysis', () => {
  it("answers the car's home, frequent stops and common area from its stops, in GCJ-02 with addresses", async () => {
    const res = await get('dealer1', `carid=${carId}`);
    expect(res.json().code).toBe(200);
    const r = res.json().result as CarDataAnalysis;
    expect(r.nightList).toHaveLength(1);
    expect(r.nightList[0]).toMatchObject({ lng: HOME.lng, lat: HOME.lat, commonAddress: '浙江省杭州市下城区' });
    expect(r.nightList[0]!.count).toBeGreaterThanOrEqual(4);
    expect(Math.abs(r.nightList[0]!.commonLng - HOME.lng)).toBeGreaterThan(0.001);
    expect(r.listWeek.map((p) => p.count)).toEqual([5, 5]);
    expect(r.listWeek[0]).toMatchObject({ lng: HOME.lng, totalMinutes: 5 * 9 * 60 });
    expect(r.listWeek[1]).toMatchObject({ lng: SHOP.lng, totalMinutes: 5 * 30 });
    expect(r.useCarArea[0]).toMatchObject({ lng: HOME.lng, hours: 45 });
    expect(r.useCarArea[0]!.gaodeLng).not.toBe(HOME.lng);
    // Home stops cover no working hours; the shop is half an hour a day.
    expect(r.dayList).toEqual([]);
  });

  it('lets finance staff see their dealers\' cars, and answers 404 outside the scope', async () => {
    expect((await get('operator1', `carid=${carId}`)).json().code).toBe(200);
    const other = await get('dealer2', `carid=${carId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('车辆不存在');
    expect((await get('dealer2', `carid=${theirCarId}`)).json().result).toEqual({ useCarArea: [], listWeek: [], dayList: [], nightList: [] });
  });

  it('refuses bad input and callers who may see neither warnings nor customers', async () => {
    const bad = await get('dealer1', 'carid=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('carid');
    expect((await get('dealer1', '')).json().msg).toBe('参数错误：carid 不能为空');
    for (const carid of ['true', '0x10', '%2012%20', '1e1']) {
      const res = await get('dealer1', `carid=${carid}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('参数错误：carid 应为整数');
    }
    expect((await get('dealer1', 'carid=2147483648')).json().msg).toBe('参数错误：carid 不能大于2147483647');
    const denied = await get('installer1', `carid=${carId}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(401);
  });
});
