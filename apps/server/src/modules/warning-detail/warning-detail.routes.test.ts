import type { WarningEvent } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../engine/engine.js';
import { HANGZHOU, HOUR, MIN, offset } from '../../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
type Device = { id: number; device_number: string; dept_id: number; car_id: number; customer_id: number; phone: string };
/** Wired devices on cars of dealer1 (杭州) and dealer2, bound to no fence. */
let mine: Device[] = [];
let theirs: Device;
let dept: Record<string, number> = {};
let warningId = 0;
let theirWarningId = 0;
const place = offset(HANGZHOU, 3000, -2000);
const BASE = '/api/report/riskWarning';

const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });
const send = (user: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { accessToken: tokens[user]! }, ...(payload ? { payload } : {}) });

async function devicesOf(deptId: number): Promise<Device[]> {
  return t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').innerJoin('customer as cu', 'cu.id', 'c.customer_id')
    .select(['d.id', 'd.device_number', 'd.dept_id', 'c.id as car_id', 'c.customer_id', 'cu.phone'])
    .where('d.dept_id', '=', deptId).where('d.kind', '=', 1)
    .where('d.id', 'not in', t.db.selectFrom('fence_binding').select('device_id'))
    .orderBy('d.id').limit(4).execute() as Promise<Device[]>;
}

async function insertWarning(d: Device, type: number, detail: object, at = place): Promise<number> {
  const row = await t.db.insertInto('warning').values({
    dept_id: d.dept_id, device_id: d.id, car_id: d.car_id, customer_id: d.customer_id, warning_type: type, risk_level: 1, deal_status: 0,
    compound: 0, place_key: `test:${type}`, warning_time: SEED_NOW - 3 * HOUR, last_time: SEED_NOW - HOUR, lng: at.lng, lat: at.lat,
    detail: JSON.stringify(detail), pushed: 1, deal_user_id: null, deal_time: null, deal_description: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  dept = Object.fromEntries(users.map((u) => [u.username, u.dept_id]));
  mine = await devicesOf(dept.dealer1!);
  [theirs] = await devicesOf(dept.dealer2!) as [Device];
  warningId = await insertWarning(mine[0]!, 4, { riskPointId: 1, riskPointName: '测试典当行', category: 'pawnshop', distanceM: 180, since: SEED_NOW - 3 * HOUR, minutes: 120 });
  theirWarningId = await insertWarning(theirs, 1, { since: SEED_NOW - 30 * HOUR, hours: 30 });
  await t.db.insertInto('device_status').values({
    device_id: mine[0]!.id, last_time: SEED_NOW - 10 * MIN, lng: HANGZHOU.lng, lat: HANGZHOU.lat, speed: 0, direction: 0, altitude: 0, acc: 0,
    battery: null, signal: null, satellites: null, mileage: null, alarm_word: 0, status_word: 0, updated_at: SEED_NOW,
  }).onConflict((oc) => oc.column('device_id').doUpdateSet({ last_time: SEED_NOW - 10 * MIN, lng: HANGZHOU.lng, lat: HANGZHOU.lat })).execute();
});
afterAll(() => t.close());

describe('getWarningDetails', () => {
  it('answers every field of the warning, its customer, car, dealer and institution, and the device part', async () => {
    const d = mine[0]!;
    const res = await get('finance1', `${BASE}/getWarningDetails?id=${warningId}&deviceNumber=${d.device_number}&warningType=4`);
    expect(res.json().code).toBe(200);
    const { entity, device } = res.json().result;
    expect(entity).toMatchObject({
      id: warningId, warningType: 4, warningTypeName: '二押点预警', riskLevel: 1, compound: false, dealStatus: 0,
      customerPhone: d.phone, deviceNumber: d.device_number, deptName4s: '杭州宝龙奥迪4S店', deptName: '华信汽车金融有限公司',
      carid: d.car_id, lng: place.lng, lat: place.lat, address: '浙江省杭州市江干区', detail: '在典当行「测试典当行」180米内停留2小时',
      dealUserName: null, dealTime: null,
    });
    expect(entity.warningTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(['高风险', '潜在风险', '一般客户']).toContain(entity.customerGradeName);
    expect(entity.brandname).toBeTruthy();
    expect(entity.carFrameNumber).toBeTruthy();
    // GCJ-02 for the map: a few hundred metres off WGS-84 in China.
    expect(Math.abs(entity.commonLng - place.lng)).toBeGreaterThan(0.001);
    expect(device).toMatchObject({ deviceNumber: d.device_number, deviceKind: 1, lng: HANGZHOU.lng, lat: HANGZHOU.lat, speed: 0, address: '浙江省杭州市下城区' });
    expect(device.devGaoLng).not.toBe(HANGZHOU.lng);
  });

  it('masks the phone for staff without customer:sensitive', async () => {
    const res = await get('operator1', `${BASE}/getWarningDetails?id=${warningId}`);
    expect(res.json().result.entity.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it("answers 404 for another dealer's warning, an unknown one, or a device number that is not the warning's", async () => {
    expect((await get('dealer2', `${BASE}/getWarningDetails?id=${warningId}`)).json().code).toBe(404);
    expect((await get('dealer1', `${BASE}/getWarningDetails?id=${theirWarningId}`)).json().code).toBe(404);
    expect((await get('dealer1', `${BASE}/getWarningDetails?id=99999999`)).json().code).toBe(404);
    expect((await get('dealer1', `${BASE}/getWarningDetails?id=${warningId}&deviceNumber=${theirs.device_number}`)).json().code).toBe(404);
    expect((await get('dealer1', `${BASE}/getWarningDetails?id=${warningId}&warningType=1`)).json().code).toBe(404);
    expect((await get('dealer1', `${BASE}/getWarningDetails?id=${warningId}`)).json().code).toBe(200);
  });

  it('refuses bad input with 400 naming the field, and callers without warning:view', async () => {
    const bad = await get('dealer1', `${BASE}/getWarningDetails?id=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('id');
    expect((await get('dealer1', `${BASE}/getWarningDetails?id=${warningId}&warningType=99`)).json().msg).toBe(
      '参数错误：warningType 取值无效，可选：1、2、3、4、5、6、7、8、9、10、11',
    );
    for (const id of ['true', '0x10', '%2012%20', '1e1']) {
      const res = await get('dealer1', `${BASE}/getWarningDetails?id=${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('参数错误：id 应为整数');
    }
    const denied = await get('installer1', `${BASE}/getWarningDetails?id=${warningId}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(401);
  });
});

describe('do-not-push', () => {
  const config = (user: string, d: Device, type = 4) => get(user, `${BASE}/getDevWarningNotPushConfig?deviceNumber=${d.device_number}&warningType=${type}`);
  const exclusions = async (user: string, filters: object = {}) => {
    const res = await send(user, 'POST', `${BASE}/getDeviceNotStatisticsList`, { pageNumber: 1, pageSize: 100, ...filters });
    expect(res.json().code).toBe(200);
    return res.json().result as { list: { deviceNumber: string; warningType: number; createdByName: string | null; customerName: string }[]; count: number };
  };
  const pushed = async (id: number) => (await t.db.selectFrom('warning').select('pushed').where('id', '=', id).executeTakeFirstOrThrow()).pushed;

  it('cancels and restores push, idempotently, and the config, the list and the open warning follow', async () => {
    const d = mine[0]!;
    expect((await config('dealer1', d)).json().result).toEqual({ entity: null });
    for (let i = 0; i < 2; i++) {
      const res = await send('dealer1', 'POST', `${BASE}/cancelWarningPush`, { deviceNumber: d.device_number, warningType: 4 });
      expect(res.json()).toMatchObject({ code: 200, msg: '已取消推送' });
    }
    expect((await config('dealer1', d)).json().result.entity).toMatchObject({ deviceNumber: d.device_number, warningType: 4, warningTypeName: '二押点预警', createdByName: '刘洋' });
    expect((await config('dealer1', d, 1)).json().result.entity).toBeNull();
    expect((await exclusions('dealer1', { deviceNumber: d.device_number })).list).toEqual([
      expect.objectContaining({ deviceNumber: d.device_number, warningType: 4, createdByName: '刘洋' }),
    ]);
    expect(await pushed(warningId)).toBe(0);

    for (let i = 0; i < 2; i++) {
      const res = await send('dealer1', 'POST', `${BASE}/pushTheWarningType`, { deviceNumber: d.device_number, warningType: 4 });
      expect(res.json()).toMatchObject({ code: 200, msg: '已恢复推送' });
    }
    expect((await config('dealer1', d)).json().result.entity).toBeNull();
    expect((await exclusions('dealer1', { deviceNumber: d.device_number })).count).toBe(0);
    expect(await pushed(warningId)).toBe(1);
  });

  it("is the same exclusion through the list screen's calls, scoped to the caller", async () => {
    const d = mine[1]!;
    const res = await send('dealer1', 'POST', `${BASE}/cancelWarningByDeviceNumber`, { deviceNumber: d.device_number, warningType: 1 });
    expect(res.json().code).toBe(200);
    expect((await config('operator1', d, 1)).json().result.entity).not.toBeNull();
    expect((await exclusions('finance1')).list.map((e) => e.deviceNumber)).toContain(d.device_number);
    expect((await exclusions('dealer2')).list.map((e) => e.deviceNumber)).not.toContain(d.device_number);
    expect((await exclusions('dealer1', { warningType: 1 })).list.every((e) => e.warningType === 1)).toBe(true);
    const allowed = await send('dealer1', 'DELETE', `${BASE}/allowWarningByDeviceNumber?deviceNumber=${d.device_number}&warningType=1`);
    expect(allowed.json()).toMatchObject({ code: 200, msg: '已恢复推送' });
    expect((await config('dealer1', d, 1)).json().result.entity).toBeNull();
  });

  it('writes each real change to the audit log, and a repeated one not again', async () => {
    const d = mine[3]!;
    const entries = () => t.db.selectFrom('audit_log').select(['action', 'target', 'username']).where('target', 'like', `${d.device_number} %`).orderBy('id').execute();
    await send('dealer1', 'POST', `${BASE}/cancelWarningByDeviceNumber`, { deviceNumber: d.device_number, warningType: 6 });
    await send('dealer1', 'POST', `${BASE}/cancelWarningByDeviceNumber`, { deviceNumber: d.device_number, warningType: 6 });
    await send('dealer1', 'DELETE', `${BASE}/allowWarningByDeviceNumber?deviceNumber=${d.device_number}&warningType=6`);
    await send('dealer1', 'DELETE', `${BASE}/allowWarningByDeviceNumber?deviceNumber=${d.device_number}&warningType=6`);
    // Another dealer's attempts are refused as if the device did not exist, and leave no entry.
    expect((await send('dealer2', 'POST', `${BASE}/cancelWarningByDeviceNumber`, { deviceNumber: d.device_number, warningType: 6 })).json().code).toBe(404);
    expect((await send('dealer2', 'DELETE', `${BASE}/allowWarningByDeviceNumber?deviceNumber=${d.device_number}&warningType=6`)).json().code).toBe(404);
    expect(await entries()).toEqual([
      { action: 'warning.notPush', target: `${d.device_number} 长时间停留预警`, username: 'dealer1' },
      { action: 'warning.allowPush', target: `${d.device_number} 长时间停留预警`, username: 'dealer1' },
    ]);
  });

  it("answers 404 for another dealer's device, 400 for a bad form, and refuses callers without warning:handle", async () => {
    expect((await send('dealer2', 'POST', `${BASE}/cancelWarningPush`, { deviceNumber: mine[0]!.device_number, warningType: 4 })).json().code).toBe(404);
    expect((await config('dealer2', mine[0]!)).json().code).toBe(404);
    const bad = await send('dealer1', 'POST', `${BASE}/cancelWarningPush`, { deviceNumber: '', warningType: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/deviceNumber.*warningType/);
    expect((await send('dealer1', 'POST', `${BASE}/getDeviceNotStatisticsList`, { pageSize: 5000 })).json().msg).toBe('参数错误：pageSize 不能大于1000');
    expect((await send('dealer1', 'POST', `${BASE}/getDeviceNotStatisticsList`, { pageNumber: 1_000_001 })).json().msg).toBe(
      '参数错误：pageNumber 不能大于1000000',
    );
    expect((await send('dealer1', 'POST', `${BASE}/getDeviceNotStatisticsList`, { deviceNumber: '8'.repeat(33) })).json().msg).toBe(
      '参数错误：deviceNumber 最多32个字符',
    );
    // The list screen's restore takes the type from its query string: digits only.
    const padded = await send('dealer1', 'DELETE', `${BASE}/allowWarningByDeviceNumber?deviceNumber=${mine[0]!.device_number}&warningType=%201%20`);
    expect(padded.json().msg).toBe('参数错误：warningType 应为整数');
    expect((await send('installer1', 'POST', `${BASE}/cancelWarningPush`, { deviceNumber: mine[0]!.device_number, warningType: 4 })).statusCode).toBe(403);
  });

  it('makes the engine record the next warning of that type without pushing it', async () => {
    const d = mine[2]!;
    const point = offset(HANGZHOU, -4000, 2500);
    await t.db.insertInto('risk_point').values({ dept_id: d.dept_id, category: 'pawnshop', name: '推送测试典当行', lng: point.lng, lat: point.lat, address: '', created_by: null, created_at: SEED_NOW }).execute();
    await send('dealer1', 'POST', `${BASE}/cancelWarningPush`, { deviceNumber: d.device_number, warningType: 4 });
    const announced: WarningEvent[] = [];
    t.telemetry.onWarning((w) => announced.push(w));
    const engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => SEED_NOW, onError: (err) => { throw err; } });
    const from = SEED_NOW - 2 * 24 * HOUR;
    await t.telemetry.pipeline.submit(Array.from({ length: 25 }, (_, i) => ({
      deviceNumber: d.device_number, gpsTime: from + i * 5 * MIN, lng: point.lng, lat: point.lat, speed: 0, direction: 0, altitude: 10, acc: 0, alarmWord: 0,
    })));
    await engine.idle();
    await engine.stop();
    const rows = await t.db.selectFrom('warning').select(['warning_type', 'pushed']).where('device_id', '=', d.id).execute();
    expect(rows).toEqual([{ warning_type: 4, pushed: 0 }]);
    expect(announced.some((w) => w.deviceNumber === d.device_number)).toBe(false);
  });
});

describe('getNearRiskPoints', () => {
  it("lists the caller's own and shared risk points within 3 km of the warning, nearest first, without other dealers'", async () => {
    const add = async (deptId: number, name: string, east: number) => {
      const p = offset(place, east, 0);
      await t.db.insertInto('risk_point').values({ dept_id: deptId, category: 'other', name, lng: p.lng, lat: p.lat, address: '', created_by: null, created_at: SEED_NOW }).execute();
    };
    await add(dept.dealer1!, '近处自有点', 500);
    await add(dept.finance1!, '共享点', 1200);
    await add(dept.dealer2!, '别家点', 300);
    await add(dept.dealer1!, '远处自有点', 4000);
    const res = await get('dealer1', `${BASE}/getNearRiskPoints?id=${warningId}`);
    expect(res.json().code).toBe(200);
    const list = res.json().result as { name: string; distance: number; own: boolean }[];
    const names = list.map((p) => p.name);
    expect(names.indexOf('近处自有点')).toBeLessThan(names.indexOf('共享点'));
    expect(names).not.toContain('别家点');
    expect(names).not.toContain('远处自有点');
    expect(list.find((p) => p.name === '共享点')).toMatchObject({ own: false });
    expect(list.every((p, i) => p.distance <= 3000 && (i === 0 || list[i - 1]!.distance <= p.distance))).toBe(true);
    expect((await get('dealer2', `${BASE}/getNearRiskPoints?id=${warningId}`)).json().code).toBe(404);
    expect((await get('dealer1', `${BASE}/getNearRiskPoints?id=0`)).statusCode).toBe(400);
  });
});
