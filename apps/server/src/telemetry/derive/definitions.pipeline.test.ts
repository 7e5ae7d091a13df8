import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemo } from '../../demo/seed-demo.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createTelemetry, type Telemetry } from '../telemetry.js';
import { DRIVING_EVENT } from './driving.js';
import { trackBuilder } from './track-builder.js';

/**
 * Each definition of server-behaviour §9, by a constructed track sent through the real pipeline into
 * the database: one track that must count, one that must not. Every test drives its own device.
 */
let handle: DatabaseHandle;
let telemetry: Telemetry;
let wired: string[] = [];
let next = 0;
const MIN = 60_000;
const HOUR = 3600_000;
// 2026-11-18 09:00 in Shanghai: a weekday morning, days before the seed's now.
const MORNING = Date.UTC(2026, 10, 18, 1, 0, 0);

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo(handle.db, { now: SEED_NOW });
  telemetry = createTelemetry(handle, () => SEED_NOW);
  const rows = await handle.db.selectFrom('device').select('device_number').where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id').execute();
  wired = rows.map((r) => r.device_number);
});
afterAll(() => handle.close());

/** A device no other test has used, with the rows its track derived. */
async function send(build: (device: string) => ReturnType<typeof trackBuilder>) {
  const device = wired[next++]!;
  const track = build(device);
  const results = await telemetry.pipeline.submit(track.fixes);
  expect(results.every((r) => r.status === 'stored')).toBe(true);
  const { id } = await handle.db.selectFrom('device').select('id').where('device_number', '=', device).executeTakeFirstOrThrow();
  const where = <T extends { where: (c: 'device_id', op: '=', v: number) => T }>(q: T) => q.where('device_id', '=', id);
  return {
    trips: await where(handle.db.selectFrom('trip').selectAll()).orderBy('start_time').execute(),
    stops: await where(handle.db.selectFrom('stop').selectAll()).orderBy('start_time').execute(),
    events: await where(handle.db.selectFrom('driving_event').selectAll()).orderBy('start_time').execute(),
    daily: await where(handle.db.selectFrom('device_daily').selectAll()).orderBy('day').execute(),
  };
}

const sum = (rows: Record<string, number>[], key: string) => rows.reduce((s, r) => s + r[key]!, 0);

describe('trips', () => {
  it('counts a 12.3 km drive between two stops as one 12.3 km trip', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).park(10 * MIN).drive(18 * MIN, 41).park(10 * MIN));
    expect(r.trips).toHaveLength(1);
    expect(r.trips[0]!.distance_m / 1000).toBeCloseTo(12.3, 1);
    expect(sum(r.daily, 'trips')).toBe(1);
    expect(sum(r.daily, 'trip_m') / 1000).toBeCloseTo(12.3, 1);
  });

  it('does not count a 400 m shuffle as a trip', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).park(10 * MIN).drive(60_000, 24).park(10 * MIN));
    expect(r.trips).toHaveLength(0);
    expect(sum(r.daily, 'trips')).toBe(0);
  });
});

describe('stops', () => {
  it('counts 40 minutes standing still as one 40-minute stop, in its time band', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).drive(5 * MIN, 40).park(40 * MIN).drive(5 * MIN, 40));
    expect(r.stops).toHaveLength(1);
    expect(r.stops[0]!.end_time - r.stops[0]!.start_time).toBe(40 * MIN);
    expect(r.stops[0]!.closed).toBe(1);
    expect(sum(r.daily, 'stops')).toBe(1);
    expect(sum(r.daily, 'stop_ms')).toBe(40 * MIN);
    expect(sum(r.daily, 'stops_morning')).toBe(1);
  });

  it('does not count a 4-minute halt at a light as a stop', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).drive(5 * MIN, 40).park(4 * MIN).drive(5 * MIN, 40));
    expect(r.stops).toHaveLength(0);
    expect(sum(r.daily, 'stops')).toBe(0);
  });
});

describe('harsh braking and acceleration', () => {
  it('counts a 4 m/s² brake once, with its deceleration', async () => {
    // 72 km/h down to 14.4 km/h in 4 s: 14.4 km/h a second is 4 m/s².
    const r = await send((d) => trackBuilder(d, MORNING).drive(2 * MIN, 72, 1000).speeds([57.6, 43.2, 28.8, 14.4]).drive(MIN, 14.4, 1000));
    const brakes = r.events.filter((e) => e.kind === DRIVING_EVENT.harshBraking);
    expect(brakes).toHaveLength(1);
    expect(brakes[0]!.value).toBeCloseTo(4, 5);
    expect(sum(r.daily, 'harsh_brake')).toBe(1);
    expect(sum(r.daily, 'harsh_acc')).toBe(0);
  });

  it('does not count a firm 3 m/s² brake, and counts a 3.2 m/s² launch as harsh acceleration', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).drive(2 * MIN, 54, 1000).speeds([43.2, 32.4, 21.6, 10.8, 0, 11.52, 23.04]).drive(MIN, 23.04, 1000));
    expect(r.events.filter((e) => e.kind === DRIVING_EVENT.harshBraking)).toHaveLength(0);
    expect(r.events.filter((e) => e.kind === DRIVING_EVENT.harshAcceleration)).toHaveLength(1);
    expect(sum(r.daily, 'harsh_acc')).toBe(1);
  });
});

describe('speeding', () => {
  it('counts 35 s above 120 km/h as one episode with its top speed', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).drive(5 * MIN, 100, 5000).drive(35_000, 128, 5000).drive(5 * MIN, 100, 5000));
    const episodes = r.events.filter((e) => e.kind === DRIVING_EVENT.speeding);
    expect(episodes).toHaveLength(1);
    expect(episodes[0]!.end_time - episodes[0]!.start_time).toBe(30_000);
    expect(episodes[0]!.value).toBe(128);
    expect(sum(r.daily, 'speeding')).toBe(1);
  });

  it('does not count 25 s above 120 km/h', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).drive(5 * MIN, 100, 5000).drive(25_000, 128, 5000).drive(5 * MIN, 100, 5000));
    expect(r.events.filter((e) => e.kind === DRIVING_EVENT.speeding)).toHaveLength(0);
    expect(sum(r.daily, 'speeding')).toBe(0);
  });
});

describe('fatigue', () => {
  it('counts 4.5 hours at the wheel without a 20-minute rest once', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).park(10 * MIN).drive(4.5 * HOUR, 80, 30_000).park(30 * MIN));
    const fatigue = r.events.filter((e) => e.kind === DRIVING_EVENT.fatigue);
    expect(fatigue).toHaveLength(1);
    expect(fatigue[0]!.value).toBeCloseTo(4.5, 1);
    expect(sum(r.daily, 'fatigue')).toBe(1);
  });

  it('does not count 4.5 hours broken by a 25-minute rest', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).park(10 * MIN).drive(2.25 * HOUR, 80, 30_000).park(25 * MIN).drive(2.25 * HOUR, 80, 30_000).park(30 * MIN));
    expect(r.events.filter((e) => e.kind === DRIVING_EVENT.fatigue)).toHaveLength(0);
    expect(sum(r.daily, 'fatigue')).toBe(0);
  });
});

describe('mileage', () => {
  it('ignores a jump faster than 200 km/h and keeps the legs around it', async () => {
    // 10 km at 60 km/h, then a fix 5 km on one minute later (300 km/h), then 10 km more.
    const r = await send((d) => trackBuilder(d, MORNING).drive(10 * MIN, 60).jump(5, MIN).drive(10 * MIN, 60));
    expect(sum(r.daily, 'mileage_m') / 1000).toBeCloseTo(20, 1);
  });

  it('counts a fast but possible leg (150 km/h)', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).drive(10 * MIN, 60).jump(2.5, MIN).drive(10 * MIN, 60));
    expect(sum(r.daily, 'mileage_m') / 1000).toBeCloseTo(22.5, 1);
  });

  it('prefers the odometer to the straight line when the device sends one', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).odometer(1000, 1.3).drive(10 * MIN, 60));
    expect(sum(r.daily, 'mileage_m') / 1000).toBeCloseTo(13, 1);
  });

  it('measures the straight line when there is no odometer', async () => {
    const r = await send((d) => trackBuilder(d, MORNING).drive(10 * MIN, 60));
    expect(sum(r.daily, 'mileage_m') / 1000).toBeCloseTo(10, 1);
  });
});

describe('night driving', () => {
  it('counts driving between 22:00 and 05:00 as night driving', async () => {
    const r = await send((d) => trackBuilder(d, Date.UTC(2026, 10, 18, 15, 0, 0)).park(10 * MIN).drive(30 * MIN, 60));
    expect(sum(r.daily, 'night_drive_ms')).toBe(30 * MIN);
    expect(sum(r.daily, 'night_mileage_m') / 1000).toBeCloseTo(30, 1);
  });

  it('does not count an afternoon drive', async () => {
    const r = await send((d) => trackBuilder(d, Date.UTC(2026, 10, 18, 7, 0, 0)).park(10 * MIN).drive(30 * MIN, 60));
    expect(sum(r.daily, 'drive_ms')).toBe(30 * MIN);
    expect(sum(r.daily, 'night_drive_ms')).toBe(0);
  });
});
