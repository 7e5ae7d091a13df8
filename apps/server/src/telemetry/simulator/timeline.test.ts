import { distanceM } from '@cvrisk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { FixBuffer } from './fix-buffer.js';
import { planFleet } from './fleet-plan.js';
import { loadFleetSource, type FleetSource } from './fleet-source.js';
import { atHour, DAY_MS, isWeekend, localDay, localHours, MINUTE_MS } from './local-time.js';
import type { FleetPlan, PlannedDevice } from './plan-types.js';
import { deviceFixes, PARKED_INTERVAL_MS } from './timeline.js';

let source: FleetSource;

beforeAll(async () => {
  const h = await openTestDatabase();
  await seedDemo(h.db, { now: SEED_NOW });
  source = await loadFleetSource(h.db);
  await h.close();
});

const plan = (seed = 7) => planFleet(source, { seed, now: SEED_NOW, historyDays: 14 });

function fixes(p: FleetPlan, d: PlannedDevice, from = p.start, to = p.end): FixBuffer {
  const b = new FixBuffer();
  deviceFixes(p, d, from, to, b);
  return b;
}

const rows = (b: FixBuffer) =>
  Array.from({ length: b.length }, (_, i) => [b.time[i], b.lng[i], b.lat[i], b.speed[i], b.direction[i], b.acc[i], b.alarm[i], b.mileage[i], b.battery[i], b.fixSource[i]]);

const km = (b: FixBuffer, i: number, p: { lng: number; lat: number }) => distanceM(b.lng[i]!, b.lat[i]!, p.lng, p.lat) / 1000;

/** A car living its routine: a workplace, a wired device, and no episode. */
function ordinaryCar(p: FleetPlan, withWireless = false) {
  const risky = new Set(p.episodes.map((e) => e.carId));
  const car = p.cars.find((c) => c.work && !risky.has(c.carId) && c.devices.some((d) => d.kind === 1) && (!withWireless || c.devices.some((d) => d.kind === 2)));
  if (!car) throw new Error('no ordinary car in the demo fleet');
  return car;
}

describe('the timeline of a device', () => {
  it('is the same for the same seed and different for another', () => {
    const [a, b, c] = [plan(7), plan(7), plan(8)];
    for (const i of [0, 1, 2, 3, 50, 400]) {
      const same = rows(fixes(b, b.devices[i]!));
      expect(same.length).toBeGreaterThan(40);
      expect(rows(fixes(a, a.devices[i]!))).toEqual(same);
      expect(rows(fixes(c, c.devices[i]!))).not.toEqual(same);
    }
    expect(JSON.stringify(a.episodes)).toBe(JSON.stringify(b.episodes));
  });

  it('cut at any moment into two windows gives exactly the fixes of the whole window', () => {
    const whole = plan();
    const car = ordinaryCar(whole, true);
    for (const device of car.devices) {
      const all = rows(fixes(whole, device));
      for (const cut of [whole.start + 3 * DAY_MS + 7 * 3600_000 + 123_457, whole.end - 2 * DAY_MS + 17.6 * 3600_000]) {
        const parts = plan();
        const twin = parts.devices.find((d) => d.number === device.number)!;
        expect([...rows(fixes(parts, twin, parts.start, cut)), ...rows(fixes(parts, twin, cut, parts.end))]).toEqual(all);
      }
    }
  });

  it('of a wired car is a believable week: home at night, work on weekdays, 10–30 s apart driving, 15 min parked', () => {
    const p = plan();
    const car = ordinaryCar(p);
    const b = fixes(p, car.devices.find((d) => d.kind === 1)!, p.end - 7 * DAY_MS, p.end);
    expect(b.length).toBeGreaterThan(7 * 150);
    expect(b.length).toBeLessThan(7 * 450);

    const nights = new Map<number, boolean>();
    const workHours = { at: 0, all: 0 };
    for (let i = 0; i < b.length; i++) {
      const t = b.time[i]!;
      const h = localHours(t);
      if (h >= 22 || h < 5) {
        const night = h >= 22 ? localDay(t) : localDay(t) - 1;
        const home = km(b, i, car.home) < 0.3 && b.speed[i] === 0 && b.acc[i] === 0;
        nights.set(night, (nights.get(night) ?? true) && home);
      }
      if (!isWeekend(localDay(t)) && h >= 10 && h < 16) {
        workHours.all += 1;
        if (km(b, i, car.work!) < 0.3) workHours.at += 1;
      }
    }
    expect([...nights.values()].filter(Boolean).length).toBeGreaterThanOrEqual(nights.size - 1);
    expect(workHours.all).toBeGreaterThan(20);
    expect(workHours.at / workHours.all).toBeGreaterThan(0.8);

    let parkedGaps = 0;
    let fifteen = 0;
    let headings = 0;
    let headingsAlong = 0;
    for (let i = 1; i < b.length; i++) {
      const dt = b.time[i]! - b.time[i - 1]!;
      const movedKm = km(b, i, { lng: b.lng[i - 1]!, lat: b.lat[i - 1]! });
      expect(dt).toBeGreaterThan(0);
      expect((movedKm / dt) * 3600_000).toBeLessThan(200);
      expect(b.mileage[i]!).toBeGreaterThanOrEqual(b.mileage[i - 1]!);
      expect(b.mileage[i]! - b.mileage[i - 1]! + 0.01).toBeGreaterThanOrEqual(movedKm);
      if (b.acc[i - 1] && b.acc[i]) {
        expect(dt).toBeGreaterThanOrEqual(10_000);
        expect(dt).toBeLessThanOrEqual(30_000);
        if (movedKm > 0.1) {
          headings += 1;
          const bearing = (Math.atan2((b.lng[i]! - b.lng[i - 1]!) * Math.cos((b.lat[i]! * Math.PI) / 180), b.lat[i]! - b.lat[i - 1]!) * 180) / Math.PI;
          const off = Math.abs(((bearing - b.direction[i - 1]! + 540) % 360) - 180);
          if (off < 30) headingsAlong += 1;
        }
      }
      if (!b.acc[i - 1] && !b.acc[i]) {
        parkedGaps += 1;
        // The grid's first fix comes at least 30 s after the one on arrival.
        expect(dt).toBeLessThanOrEqual(PARKED_INTERVAL_MS + 30_000);
        if (dt === PARKED_INTERVAL_MS) fifteen += 1;
      }
    }
    expect(fifteen / parkedGaps).toBeGreaterThan(0.9);
    expect(headingsAlong / headings).toBeGreaterThan(0.9);
    for (let i = 0; i < b.length; i++) {
      expect(b.speed[i]).toBeLessThanOrEqual(120);
      if (b.acc[i] === 0) expect(b.speed[i]).toBe(0);
    }
  });

  it('of a wireless tracker is four reports a day, some by cell towers, with a battery that runs down', () => {
    const p = plan();
    const trackers = p.devices.filter((d) => d.kind === 2 && d.effects.silences.length + d.effects.alarms.length + d.effects.pins.length === 0);
    let cell = 0;
    let total = 0;
    for (const d of trackers) {
      const days = localDay(p.end) - localDay(p.start) - 1;
      const b = fixes(p, d, atHour(localDay(p.start) + 1, 0), atHour(localDay(p.end), 0));
      expect(b.length).toBe(days * 4);
      const battery = Array.from(b.battery.subarray(0, b.length));
      expect(Array.from(b.acc.subarray(0, b.length)).every((a) => a === 0)).toBe(true);
      expect(Math.min(...battery)).toBeGreaterThanOrEqual(8);
      expect(Math.max(...battery)).toBeLessThanOrEqual(100);
      // It only ever goes up when someone recharges it, and then to (nearly) full.
      expect(battery.filter((v, i) => i > 0 && v > battery[i - 1]! && v < 90)).toEqual([]);
      for (let i = 0; i < b.length; i++) {
        if (b.fixSource[i] === 2) cell += 1;
        total += 1;
        // A fix by cell towers is a few hundred metres out, never kilometres.
        const s = d.car.life.stateAt(b.time[i]!);
        if (!s.moving && km(b, i, s) > (b.fixSource[i] === 2 ? 0.7 : 0.05)) throw new Error(`${d.number}: ${km(b, i, s)} km off at ${b.time[i]}`);
      }
    }
    expect(trackers.length).toBeGreaterThan(100);
    expect(cell / total).toBeGreaterThan(0.15);
    expect(cell / total).toBeLessThan(0.45);
  });

  it('keeps every device of the fleet in time order, near its city, and never faster than 200 km/h', () => {
    const p = plan();
    const b = new FixBuffer(8192);
    let total = 0;
    for (const d of p.devices) {
      b.clear();
      deviceFixes(p, d, p.start, p.end, b);
      total += b.length;
      for (let i = 1; i < b.length; i++) {
        const dt = b.time[i]! - b.time[i - 1]!;
        if (dt <= 0) throw new Error(`${d.number}: fixes out of order at ${b.time[i]}`);
        const moved = distanceM(b.lng[i]!, b.lat[i]!, b.lng[i - 1]!, b.lat[i - 1]!);
        // Cell-tower fixes are hundreds of metres out: compare them over the hours between them.
        if (d.kind === 1 && (moved / dt) * 3600 > 200) throw new Error(`${d.number}: a jump at ${b.time[i]}`);
        if (b.time[i]! % 1000 !== 0) throw new Error(`${d.number}: a fix between seconds`);
      }
      for (let i = 0; i < b.length; i++) if (km(b, i, d.car.city) > 400) throw new Error(`${d.number}: ${km(b, i, d.car.city)} km from home`);
    }
    // About 200 fixes a day for each wired device over 14 days, a few for each wireless one.
    expect(total).toBeGreaterThan(1_400_000);
    expect(total).toBeLessThan(3_500_000);
  });

  it('starts at a device\'s install time', () => {
    const p = plan();
    const device = p.devices[0]!;
    const installed = { ...device, installTime: p.end - 2 * DAY_MS + 30 * MINUTE_MS };
    const b = fixes(p, installed);
    expect(b.time[0]).toBeGreaterThanOrEqual(installed.installTime);
    expect(b.length).toBeLessThan(fixes(p, device).length / 3);
  });
});
