import { DEFAULT_RISK_WARNING_CONFIG } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../engine/engine.js';
import { HANGZHOU, HOUR, MIN, offset, type At } from '../../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';

/** What the white list and the threshold screen change in the engine, driven through their API calls. */
let t: TestApp;
let engine: Engine;
let token = '';
const point = offset(HANGZHOU, 2500, 1500);
let devices: { id: number; device_number: string; customer_id: number }[] = [];
/** A device of the other institution (finance2's dealer4), and a platform risk point it can stop at, away from the first one. */
let other: { id: number; device_number: string; customer_id: number };
const otherPoint = offset(HANGZHOU, -2500, -1500);
const T = SEED_NOW - 5 * 24 * HOUR;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: token }, payload });

/** Parked at `at`, a fix every 5 minutes over [from, to], through the real pipeline. */
async function parkedAt(number: string, from: number, to: number, at: At) {
  const fixes = Array.from({ length: Math.floor((to - from) / (5 * MIN)) + 1 }, (_, i) => from + i * 5 * MIN);
  await t.telemetry.pipeline.submit(fixes.map((gpsTime) => ({ deviceNumber: number, gpsTime, lng: at.lng, lat: at.lat, speed: 0, direction: 0, altitude: 10, acc: 0, alarmWord: 0 })));
  await engine.idle();
}

const warningsOf = (deviceId: number) => t.db.selectFrom('warning').select(['warning_type', 'warning_time']).where('device_id', '=', deviceId).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('finance1');
  const dealer = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow();
  devices = await t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').select(['d.id', 'd.device_number', 'c.customer_id'])
    .where('d.dept_id', '=', dealer.dept_id).where('d.kind', '=', 1).orderBy('d.id').limit(2).execute();
  await t.db.insertInto('risk_point').values({ dept_id: dealer.dept_id, category: 'pawnshop', name: '测试典当行', lng: point.lng, lat: point.lat, address: '', created_by: null, created_at: SEED_NOW }).execute();
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).where('username', 'in', ['admin', 'dealer4']).execute();
  const deptOf = (u: string) => users.find((x) => x.username === u)!.dept_id;
  other = await t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').select(['d.id', 'd.device_number', 'c.customer_id'])
    .where('d.dept_id', '=', deptOf('dealer4')).where('d.kind', '=', 1).orderBy('d.id').executeTakeFirstOrThrow();
  await t.db.insertInto('risk_point').values({ dept_id: deptOf('admin'), category: 'pawnshop', name: '平台测试典当行', lng: otherPoint.lng, lat: otherPoint.lat, address: '', created_by: null, created_at: SEED_NOW }).execute();
  // Both changes are made before the engine loads its context, so its one-minute cache holds them.
  expect((await post('/api/report/whiteList/save', { customerId: devices[0]!.customer_id, reason: '已核实，暂停预警' })).json().code).toBe(200);
  const config = structuredClone(DEFAULT_RISK_WARNING_CONFIG);
  config.riskPoint.stayMinutes = 60;
  expect((await post('/api/riskConfig/saveRiskWarningConfig', { config })).json().code).toBe(200);
  // The other institution keeps its own: 40 minutes.
  config.riskPoint.stayMinutes = 40;
  const saved = await t.app.inject({ method: 'POST', url: '/api/riskConfig/saveRiskWarningConfig', headers: { accessToken: await t.login('finance2') }, payload: { config } });
  expect(saved.json().code).toBe(200);
  engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => SEED_NOW, onError: (err) => { throw err; } });
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

describe('white list and thresholds reach the engine', () => {
  it('raises no warning for a customer put on the white list', async () => {
    await parkedAt(devices[0]!.device_number, T, T + 2 * HOUR, point);
    expect(await warningsOf(devices[0]!.id)).toEqual([]);
  });

  it('judges the other institution’s device by that institution’s stay (40 min), not this one’s 60 nor the default 30', async () => {
    await parkedAt(other.device_number, T, T + 35 * MIN, otherPoint);
    expect((await warningsOf(other.id)).filter((w) => w.warning_type === 4)).toEqual([]);
    await parkedAt(other.device_number, T + 40 * MIN, T + 50 * MIN, otherPoint);
    expect((await warningsOf(other.id)).filter((w) => w.warning_type === 4)).toEqual([{ warning_type: 4, warning_time: T + 40 * MIN }]);
  });

  it('waits the institution’s saved stay (60 min, not the default 30) before a risk-point warning', async () => {
    const d = devices[1]!;
    await parkedAt(d.device_number, T, T + 45 * MIN, point);
    expect((await warningsOf(d.id)).filter((w) => w.warning_type === 4)).toEqual([]);
    await parkedAt(d.device_number, T + 50 * MIN, T + 70 * MIN, point);
    expect((await warningsOf(d.id)).filter((w) => w.warning_type === 4)).toEqual([{ warning_type: 4, warning_time: T + 60 * MIN }]);
  });
});
