import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemo } from '../../demo/seed-demo.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createTelemetryStore } from './create-store.js';
import { createDeviceCache, type DeviceCache } from './device-cache.js';
import type { IncomingPosition } from './incoming.js';
import { createPositionPipeline, type PositionPipeline } from './position-pipeline.js';

let handle: DatabaseHandle;
let pipeline: PositionPipeline;
let devices: DeviceCache;
let wired: string[] = [];
let wireless: string[] = [];
const NOW = SEED_NOW;
const MIN = 60_000;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo(handle.db, { now: SEED_NOW });
  devices = createDeviceCache(handle.db);
  pipeline = createPositionPipeline({ store: createTelemetryStore(handle), devices, now: () => NOW });
  const rows = await handle.db.selectFrom('device').select(['device_number', 'kind']).where('car_id', 'is not', null).orderBy('id').execute();
  wired = rows.filter((d) => d.kind === 1).map((d) => d.device_number);
  wireless = rows.filter((d) => d.kind === 2).map((d) => d.device_number);
});
afterAll(() => handle.close());

const fix = (deviceNumber: string, gpsTime: number, extra: Partial<IncomingPosition> = {}): IncomingPosition => ({
  deviceNumber, gpsTime, lng: 120.15, lat: 30.28, speed: 0, direction: 90, altitude: 12, acc: 0, ...extra,
});

async function statusOf(number: string) {
  return handle.db
    .selectFrom('device_status as s')
    .innerJoin('device as d', 'd.id', 's.device_id')
    .selectAll('s')
    .where('d.device_number', '=', number)
    .executeTakeFirst();
}

describe('the position pipeline', () => {
  it('stores valid positions and says which were rejected and why', async () => {
    const n = wired[0]!;
    const results = await pipeline.submit([
      fix(n, NOW - 10 * MIN),
      fix(n, NOW - 9 * MIN, { lng: 181 }),
      fix(n, NOW - 8 * MIN, { lng: 0, lat: 0 }),
      fix(n, NOW + 25 * 3600_000),
      fix('999999999999', NOW - 7 * MIN),
      fix(n, NOW - 6 * MIN, { speed: -3 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['stored', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(results.map((r) => r.reason)).toEqual([undefined, '坐标超出范围', '未定位', '定位时间超前超过24小时', '设备不存在', '速度无效']);
    expect((await statusOf(n))?.last_time).toBe(NOW - 10 * MIN);
  });

  it('drops exact duplicates, within one submission and across submissions', async () => {
    const n = wired[1]!;
    const first = await pipeline.submit([fix(n, NOW - 5 * MIN), fix(n, NOW - 5 * MIN)]);
    const again = await pipeline.submit([fix(n, NOW - 5 * MIN)]);
    expect(first.map((r) => r.status)).toEqual(['stored', 'duplicate']);
    expect(again.map((r) => r.status)).toEqual(['duplicate']);
    const rows = await handle.db.selectFrom('position as p').innerJoin('device as d', 'd.id', 'p.device_id').select('p.gps_time').where('d.device_number', '=', n).execute();
    expect(rows).toHaveLength(1);
  });

  it('stores a late fix without moving the latest position backwards', async () => {
    const n = wired[2]!;
    await pipeline.submit([fix(n, NOW - 2 * MIN, { lng: 120.2 })]);
    const late = await pipeline.submit([fix(n, NOW - 30 * MIN, { lng: 120.9 })]);
    expect(late[0]!.status).toBe('stored');
    const s = await statusOf(n);
    expect(s?.last_time).toBe(NOW - 2 * MIN);
    expect(s?.lng).toBe(120.2);
    const count = await handle.db.selectFrom('position as p').innerJoin('device as d', 'd.id', 'p.device_id').select('p.gps_time').where('d.device_number', '=', n).execute();
    expect(count).toHaveLength(2);
  });

  it('batches concurrent submissions from many devices into few transactions', async () => {
    // Terminals already known, as in steady operation: first sight of a device costs a lookup each,
    // which on a loaded machine would spread the submissions over more than one batch window.
    await Promise.all(wired.slice(10, 60).map((n) => devices.get(n)));
    const before = pipeline.stats.batches;
    const results = await Promise.all(wired.slice(10, 60).map((n, i) => pipeline.submit([fix(n, NOW - MIN - i * 1000)])));
    expect(results.flat().every((r) => r.status === 'stored')).toBe(true);
    expect(pipeline.stats.batches - before).toBeLessThan(5);
  });

  it('records a device alarm when a bit turns on, not on every report, and closes it when it turns off', async () => {
    const n = wired[3]!;
    const POWER = 1 << 8;
    const t = NOW - 60 * MIN;
    await pipeline.submit([fix(n, t, { alarmWord: 0 }), fix(n, t + MIN, { alarmWord: POWER }), fix(n, t + 2 * MIN, { alarmWord: POWER })]);
    await pipeline.submit([fix(n, t + 3 * MIN, { alarmWord: POWER }), fix(n, t + 4 * MIN, { alarmWord: 0 }), fix(n, t + 5 * MIN, { alarmWord: POWER })]);
    const alarms = await handle.db
      .selectFrom('device_alarm as a')
      .innerJoin('device as d', 'd.id', 'a.device_id')
      .select(['a.alarm_type', 'a.start_time', 'a.end_time'])
      .where('d.device_number', '=', n)
      .orderBy('a.start_time')
      .execute();
    expect(alarms).toEqual([
      { alarm_type: 8, start_time: t + MIN, end_time: t + 4 * MIN },
      { alarm_type: 8, start_time: t + 5 * MIN, end_time: null },
    ]);
  });

  it('derives stops, trips and daily figures from a wired track', async () => {
    const n = wired[4]!;
    const t0 = NOW - 3 * 3600_000;
    const track: IncomingPosition[] = [];
    for (let m = 0; m <= 20; m += 2) track.push(fix(n, t0 + m * MIN));
    for (let s = 20; s <= 600; s += 20) track.push(fix(n, t0 + 20 * MIN + s * 1000, { lng: 120.15 + s * 0.0001, speed: 40, acc: 1 }));
    const endLng = 120.15 + 600 * 0.0001;
    for (let m = 1; m <= 15; m += 1) track.push(fix(n, t0 + 30 * MIN + m * MIN, { lng: endLng }));
    // Sent in pieces, as a terminal would.
    for (let i = 0; i < track.length; i += 7) await pipeline.submit(track.slice(i, i + 7));

    const id = (await handle.db.selectFrom('device').select('id').where('device_number', '=', n).executeTakeFirstOrThrow()).id;
    const stops = await handle.db.selectFrom('stop').selectAll().where('device_id', '=', id).orderBy('start_time').execute();
    expect(stops.map((s) => [s.start_time, s.closed])).toEqual([[t0, 1], [t0 + 31 * MIN, 0]]);
    const trips = await handle.db.selectFrom('trip').selectAll().where('device_id', '=', id).execute();
    expect(trips).toHaveLength(1);
    expect(trips[0]!.distance_m).toBeGreaterThan(5500);
    expect(trips[0]!.distance_m).toBeLessThan(6200);
    const daily = await handle.db.selectFrom('device_daily').selectAll().where('device_id', '=', id).execute();
    expect(daily.reduce((m, d) => m + d.mileage_m, 0)).toBeCloseTo(trips[0]!.distance_m, -2);
    expect(daily.reduce((m, d) => m + d.fixes, 0)).toBe(track.length);
    expect(daily.reduce((m, d) => m + d.acc_on_count, 0)).toBe(1);
  });

  it('does not derive stops for wireless trackers but keeps their latest state', async () => {
    const n = wireless[0]!;
    await pipeline.submit([fix(n, NOW - 8 * 3600_000, { battery: 80, fixType: 2 }), fix(n, NOW - 4 * 3600_000, { battery: 76, fixType: 2 })]);
    const s = await statusOf(n);
    expect(s?.battery).toBe(76);
    const id = (await handle.db.selectFrom('device').select('id').where('device_number', '=', n).executeTakeFirstOrThrow()).id;
    expect(await handle.db.selectFrom('stop').selectAll().where('device_id', '=', id).execute()).toHaveLength(0);
  });

  it('queues at once, without a promise, only for devices already loaded, in order with queued ones', async () => {
    const n = wired[5]!;
    devices.forget(n);
    const done: string[][] = [];
    expect(pipeline.queueNow([fix(n, NOW - 20 * MIN)], () => done.push(['never']))).toBe(false);
    const first = await pipeline.queue([fix(n, NOW - 20 * MIN)]);
    // A number looked up and not found is known too, for a while.
    expect(await devices.get('999999999998')).toBeNull();
    const settled = new Promise<void>((resolve) => {
      expect(
        pipeline.queueNow([fix(n, NOW - 19 * MIN), fix(n, NOW - 19 * MIN), fix('999999999998', NOW - 19 * MIN)], (r) => {
          if (!(r instanceof Error)) done.push(r.map((x) => x.status));
          resolve();
        }),
      ).toBe(true);
    });
    expect((await first.results).map((r) => r.status)).toEqual(['stored']);
    await settled;
    expect(done).toEqual([['stored', 'duplicate', 'rejected']]);
    expect((await statusOf(n))?.last_time).toBe(NOW - 19 * MIN);
  });
});
