import { distanceM } from '@cvrisk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { EPISODE_KINDS, type Episode } from './episode-types.js';
import { FixBuffer } from './fix-buffer.js';
import { planFleet } from './fleet-plan.js';
import { loadFleetSource, type FleetSource } from './fleet-source.js';
import { DAY_MS, HOUR_MS } from './local-time.js';
import type { FleetPlan } from './plan-types.js';
import { deviceFixes } from './timeline.js';

let source: FleetSource;
let plan: FleetPlan;

beforeAll(async () => {
  const h = await openTestDatabase();
  await seedDemo(h.db, { now: SEED_NOW });
  source = await loadFleetSource(h.db);
  await h.close();
  plan = planFleet(source, { seed: 11, now: SEED_NOW, historyDays: 14 });
});

/** Far enough past the plan's end for every episode to have finished (live mode goes on generating). */
const HORIZON = () => plan.end + 6 * DAY_MS;

type Fix = { t: number; lng: number; lat: number; alarm: number };

function fixesOf(number: string, from = plan.start, to = HORIZON()): Fix[] {
  const device = plan.devices.find((d) => d.number === number)!;
  const b = new FixBuffer();
  deviceFixes(plan, device, from, to, b);
  return Array.from({ length: b.length }, (_, i) => ({ t: b.time[i]!, lng: b.lng[i]!, lat: b.lat[i]!, alarm: b.alarm[i]! }));
}

const km = (a: { lng: number; lat: number }, b: { lng: number; lat: number }) => distanceM(a.lng, a.lat, b.lng, b.lat) / 1000;
const wired = (e: Episode) => e.devices.find((d) => d.kind === 1)!.number;
const of = (kind: Episode['kind']) => plan.episodes.filter((e) => e.kind === kind);

describe('scripted risky episodes', () => {
  it('come in every kind, for 10–15 % of the cars, and every dealer of the first finance institution has each kind', () => {
    expect(new Set(plan.episodes.map((e) => e.kind))).toEqual(new Set(EPISODE_KINDS));
    const cars = new Set(plan.episodes.map((e) => e.carId));
    expect(cars.size / plan.cars.length).toBeGreaterThanOrEqual(0.1);
    expect(cars.size / plan.cars.length).toBeLessThanOrEqual(0.15);

    const firstFinance = Math.min(...plan.cars.map((c) => c.financeId!));
    const dealers = new Set(plan.cars.filter((c) => c.financeId === firstFinance).map((c) => c.dealerId));
    expect(dealers.size).toBe(3);
    for (const dealer of dealers) {
      const kinds = new Set(plan.episodes.filter((e) => e.dealerId === dealer).map((e) => e.kind));
      expect(kinds, `dealer ${dealer}`).toEqual(new Set(EPISODE_KINDS));
      expect(plan.episodes.some((e) => e.dealerId === dealer && e.follows)).toBe(true);
    }
    for (const dealer of new Set(plan.cars.map((c) => c.dealerId))) expect(plan.episodes.some((e) => e.dealerId === dealer)).toBe(true);
  });

  it('leave fresh risky cars for a new console: several episodes start in the last two days', () => {
    const recent = plan.episodes.filter((e) => e.start >= plan.end - 2 * DAY_MS && e.start < plan.end);
    expect(recent.map((e) => e.kind)).toEqual(expect.arrayContaining(['riskPointStay', 'powerCut', 'separation', 'leaveProvince']));
    expect(plan.episodes.every((e) => e.start >= plan.start)).toBe(true);
  });

  it('include the compound case: a risk-point stay, then within 72 h a power cut of the same car', () => {
    const cuts = of('powerCut').filter((e) => e.follows);
    expect(cuts.length).toBeGreaterThanOrEqual(3);
    for (const cut of cuts) {
      const stay = plan.episodes.find((e) => e.id === cut.follows)!;
      expect(stay.kind).toBe('riskPointStay');
      expect(stay.carId).toBe(cut.carId);
      expect(cut.start - stay.end!).toBeGreaterThan(0);
      expect(cut.start - stay.end!).toBeLessThanOrEqual(72 * HOUR_MS);
    }
    expect(cuts.some((c) => c.start >= plan.end - 2 * DAY_MS && c.start < plan.end)).toBe(true);
  });

  it('risk-point stays: the car is parked within 100 m of the risk point for 1–6 h, some more than once', () => {
    for (const e of of('riskPointStay')) {
      const point = source.riskPoints.find((p) => p.id === e.riskPointId)!;
      expect(km(point, e.place)).toBe(0);
      expect(e.end! - e.start).toBeGreaterThanOrEqual(HOUR_MS - 60_000);
      expect(e.end! - e.start).toBeLessThanOrEqual(6 * HOUR_MS);
      const during = fixesOf(wired(e), e.start, e.end!);
      expect(during.length).toBeGreaterThanOrEqual(4);
      expect(Math.max(...during.map((f) => km(f, point)))).toBeLessThan(0.1);
      const before = fixesOf(wired(e), e.start - 2 * HOUR_MS, e.start);
      expect(km(before[0]!, point)).toBeGreaterThan(0.5);
    }
    expect(of('riskPointStay').some((e) => e.repeatOf)).toBe(true);
  });

  it('power cuts: alarm bit 8 while parked, then the wired device is silent until the end, or for good', () => {
    for (const e of of('powerCut')) {
      const all = fixesOf(wired(e));
      const alarmed = all.filter((f) => f.alarm & (1 << 8));
      expect(alarmed.map((f) => f.t)).toEqual([e.start]);
      const after = all.filter((f) => f.t > e.start);
      if (e.end === null) expect(after).toEqual([]);
      else {
        expect(e.end - e.start).toBeGreaterThanOrEqual(24 * HOUR_MS);
        expect(after[0]!.t).toBeGreaterThanOrEqual(e.end);
        expect(after[0]!.alarm).toBe(0);
      }
    }
    expect(of('powerCut').some((e) => e.end === null)).toBe(true);
    expect(of('powerCut').some((e) => e.end !== null)).toBe(true);
  });

  it('removals: a tamper bit on one fix, then nothing from that device', () => {
    for (const e of of('removal')) {
      const device = e.devices[0]!;
      const all = fixesOf(device.number);
      const last = all[all.length - 1]!;
      expect(last.t).toBe(e.start);
      expect(last.alarm).toBe(device.kind === 1 ? 1 << 16 : 1 << 17);
      expect(all.filter((f) => f.alarm !== 0)).toHaveLength(1);
    }
  });

  it('leaving the province: a day or more in a city of another province, more than 50 km from home', () => {
    for (const e of of('leaveProvince')) {
      const car = plan.cars.find((c) => c.carId === e.carId)!;
      expect(e.place.province).not.toBe(car.city.province);
      expect(km(e.place, car.city)).toBeGreaterThan(50);
      expect(e.end! - e.start).toBeGreaterThanOrEqual(DAY_MS);
      const during = fixesOf(wired(e), e.start, e.end!);
      expect(during.length).toBeGreaterThan(50);
      expect(Math.max(...during.map((f) => km(f, e.place)))).toBeLessThan(10);
    }
  });

  it('going offline: every device silent for 2–4 days, then back where it was', () => {
    for (const e of of('offline')) {
      expect(e.end! - e.start).toBeGreaterThanOrEqual(48 * HOUR_MS);
      expect(e.end! - e.start).toBeLessThanOrEqual(96 * HOUR_MS);
      for (const d of e.devices) expect(fixesOf(d.number, e.start, e.end!)).toEqual([]);
      const before = fixesOf(wired(e), e.start - 2 * HOUR_MS, e.start);
      const after = fixesOf(wired(e), e.end!, e.end! + 2 * HOUR_MS);
      expect(km(before[before.length - 1]!, after[0]!)).toBeLessThan(0.1);
    }
  });

  it('separation: while it lasts, every wireless fix is more than 5 km from every wired one', () => {
    for (const e of of('separation')) {
      const wireless = e.devices.find((d) => d.kind === 2)!.number;
      const tracker = fixesOf(wireless, e.start, e.end!);
      const car = fixesOf(wired(e), e.start, e.end!);
      expect(tracker.length).toBeGreaterThanOrEqual(4);
      expect(car.length).toBeGreaterThan(50);
      const closest = Math.min(...tracker.flatMap((w) => car.map((f) => km(w, f))));
      expect(closest).toBeGreaterThan(5);
      expect(Math.max(...tracker.map((w) => km(w, e.place)))).toBeLessThan(0.7);
    }
  });

  it('abnormal moves: silent for over an hour, then reporting more than 10 km from where it went silent', () => {
    for (const e of of('abnormalMove')) {
      expect(e.end! - e.start).toBeGreaterThanOrEqual(HOUR_MS);
      expect(fixesOf(wired(e), e.start, e.end!)).toEqual([]);
      const before = fixesOf(wired(e), e.start - 2 * HOUR_MS, e.start);
      const after = fixesOf(wired(e), e.end!, e.end! + 2 * HOUR_MS);
      expect(km(before[before.length - 1]!, after[0]!)).toBeGreaterThan(10);
      expect(km(before[before.length - 1]!, e.place)).toBeLessThan(0.1);
      expect(km(after[0]!, e.to!)).toBeLessThan(0.1);
    }
  });
});
