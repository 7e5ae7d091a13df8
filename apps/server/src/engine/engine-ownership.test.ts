import type { WarningEvent } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANGZHOU, HOUR, MIN, offset, type At } from '../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../test/test-app.js';
import { createEngine, type Engine } from './engine.js';
import { createEngineStateRepository } from './engine-state.repository.js';

/**
 * Scale mode: engines of two workers on one database, each judging the devices of its partitions,
 * with devices moving from one to the other.
 */
let t: TestApp;
const point = offset(HANGZHOU, -2500, 1800);
let devices: { id: number; device_number: string }[] = [];
const owned = { a: new Set<string>(), b: new Set<string>() };
const announced = { a: [] as WarningEvent[], b: [] as WarningEvent[] };
let a: Engine;
let b: Engine;

const engineOf = (who: 'a' | 'b') =>
  createEngine({
    db: t.db, now: () => SEED_NOW, onError: (err) => { throw err; }, owns: (n) => owned[who].has(n),
    telemetry: { onCommitted: (l) => t.telemetry.onCommitted(l), announceWarning: (w) => announced[who].push(w) },
  });

async function store(number: string, from: number, to: number, at: At): Promise<void> {
  const fixes = Array.from({ length: Math.floor((to - from) / (5 * MIN)) + 1 }, (_, i) => from + i * 5 * MIN);
  await t.telemetry.pipeline.submit(fixes.map((gpsTime) => ({ deviceNumber: number, gpsTime, lng: at.lng, lat: at.lat, speed: 0, direction: 0, altitude: 10, acc: 0 as const })));
}
const idle = () => Promise.all([a.idle(), b.idle()]);
const warningsOf = (deviceId: number) => t.db.selectFrom('warning').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
const T = SEED_NOW - 4 * 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  const dealer = await t.db.selectFrom('dept').select('id').where('name', '=', '杭州宝龙奥迪4S店').executeTakeFirstOrThrow();
  await t.db.insertInto('risk_point').values({ dept_id: dealer.id, category: 'pawnshop', name: '分区测试典当行', lng: point.lng, lat: point.lat, address: '', created_by: null, created_at: SEED_NOW }).execute();
  devices = await t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').select(['d.id', 'd.device_number'])
    .where('d.dept_id', '=', dealer.id).where('d.kind', '=', 1)
    .where('d.id', 'not in', t.db.selectFrom('fence_binding').select('device_id'))
    .orderBy('d.id', 'desc').limit(4).execute();
  a = engineOf('a');
  b = engineOf('b');
});
afterAll(async () => {
  await a.stop();
  await b.stop();
  await t.close();
});

describe('engines that split the devices between them (scale mode)', () => {
  it('judges each device only in the engine that owns it', async () => {
    const [d1, d2] = devices;
    owned.a.add(d1!.device_number);
    owned.b.add(d2!.device_number);
    await store(d1!.device_number, T, T + HOUR, point);
    await store(d2!.device_number, T, T + HOUR, point);
    await idle();
    expect(announced.a.map((w) => w.deviceNumber)).toEqual([d1!.device_number]);
    expect(announced.b.map((w) => w.deviceNumber)).toEqual([d2!.device_number]);
  });

  it('catches up a device it adopts on what was stored while nobody judged it', async () => {
    const d3 = devices[2]!;
    await store(d3.device_number, T, T + HOUR, point);
    await idle();
    expect(await warningsOf(d3.id)).toEqual([]);
    owned.a.add(d3.device_number);
    await a.adopt();
    expect(announced.a.filter((w) => w.deviceNumber === d3.device_number)).toHaveLength(1);
    expect(await warningsOf(d3.id)).toMatchObject([{ warning_type: 4, warning_time: T + 30 * MIN, last_time: T + HOUR }]);
  });

  it('hands a device over: the next engine continues from the saved memory and raises its warning no second time', async () => {
    const d4 = devices[3]!;
    owned.a.add(d4.device_number);
    await store(d4.device_number, T, T + HOUR, point);
    await idle();
    expect(announced.a.filter((w) => w.deviceNumber === d4.device_number)).toHaveLength(1);
    owned.a.delete(d4.device_number);
    await a.release();
    owned.b.add(d4.device_number);
    await b.adopt();
    await store(d4.device_number, T + HOUR + 5 * MIN, T + 2 * HOUR, point);
    await idle();
    expect(announced.b.filter((w) => w.deviceNumber === d4.device_number)).toEqual([]);
    expect(await warningsOf(d4.id)).toMatchObject([{ warning_type: 4, warning_time: T + 30 * MIN, last_time: T + 2 * HOUR }]);
  });

  it('never moves a saved state backwards, so a late save of a device handed over cannot undo the new owner', async () => {
    const repo = createEngineStateRepository(t.db);
    const id = devices[0]!.id;
    await repo.upsert([{ device_id: id, evaluated_to: T + 10 * HOUR, state: '{"newer":true}' }]);
    await repo.upsert([{ device_id: id, evaluated_to: T + 9 * HOUR, state: '{"older":true}' }]);
    expect(await repo.states([id])).toEqual([{ device_id: id, state: '{"newer":true}' }]);
  });
});
