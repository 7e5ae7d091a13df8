import { describe, expect, it } from 'vitest';
import { advance, emptyTrackState, type Fix, type Step, type Trip, type Stop } from './track-state.js';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0); // 08:00 in Shanghai
const MIN = 60_000;

/** Runs fixes through the derivation and collects what it produced. */
function run(fixes: Fix[]) {
  let state = emptyTrackState();
  const stops: Stop[] = [];
  const trips: Trip[] = [];
  let open: Stop | null = null;
  const steps: Step[] = [];
  for (const f of fixes) {
    const step = advance(state, f);
    state = step.state;
    steps.push(step);
    if (step.closedStop) stops.push(step.closedStop);
    if (step.closedTrip) trips.push(step.closedTrip);
    open = step.openStop ?? (step.closedStop ? null : open);
  }
  const mileage = steps.reduce((m, s) => m + s.daily.mileageM, 0);
  const accOn = steps.reduce((m, s) => m + s.daily.accOnMs, 0);
  const accCount = steps.reduce((m, s) => m + s.daily.accOnCount, 0);
  return { stops, trips, open, mileage, accOn, accCount, state };
}

/** Parked at a point, reporting every `every` ms for `ms`, ACC off. */
function parked(t: number, lng: number, lat: number, ms: number, every = MIN): Fix[] {
  const out: Fix[] = [];
  for (let dt = 0; dt <= ms; dt += every) out.push({ t: t + dt, lng, lat, speed: 0, acc: 0, mileageKm: null });
  return out;
}

/** Driving east along a parallel at `kmh`, a fix every 20 s, ACC on. */
function drive(t: number, lng: number, lat: number, ms: number, kmh = 36): Fix[] {
  const out: Fix[] = [];
  const degPerS = kmh / 3600 / (111.32 * Math.cos((lat * Math.PI) / 180));
  for (let dt = 20_000; dt <= ms; dt += 20_000) out.push({ t: t + dt, lng: lng + degPerS * (dt / 1000), lat, speed: kmh, acc: 1, mileageKm: null });
  return out;
}

describe('stops and trips', () => {
  it('finds parked → drive 10 min → parked as one trip between two stops', () => {
    const home = parked(T0, 120.1, 30.2, 30 * MIN);
    const driveStart = T0 + 30 * MIN;
    const road = drive(driveStart, 120.1, 30.2, 10 * MIN);
    const end = road[road.length - 1]!;
    const work = parked(end.t + 20_000, end.lng, end.lat, 20 * MIN);
    const r = run([...home, ...road, ...work]);

    expect(r.stops).toHaveLength(1);
    expect(r.stops[0]!.start).toBe(T0);
    expect(r.stops[0]!.end).toBe(driveStart + 20_000);
    expect(r.trips).toHaveLength(1);
    expect(r.trips[0]!.distanceM).toBeGreaterThan(5500);
    expect(r.trips[0]!.distanceM).toBeLessThan(6500);
    expect(r.trips[0]!.start).toBe(driveStart);
    expect(r.open).not.toBeNull();
    expect(r.open!.start).toBe(end.t + 20_000);
    expect(r.accCount).toBe(1);
    expect(r.accOn).toBe(10 * MIN - 20_000);
  });

  it('does not make a stop of a red light or a short halt under 5 minutes', () => {
    const a = drive(T0, 120.1, 30.2, 5 * MIN);
    const last = a[a.length - 1]!;
    const halt = parked(last.t + 20_000, last.lng, last.lat, 4 * MIN, 20_000).map((f) => ({ ...f, acc: 1 }));
    const b = drive(halt[halt.length - 1]!.t, last.lng, last.lat, 5 * MIN);
    const r = run([...a, ...halt, ...b]);
    expect(r.stops).toHaveLength(0);
    expect(r.open).toBeNull();
    expect(r.trips).toHaveLength(0);
    expect(r.state.tripStart).not.toBeNull();
  });

  it('does not count a trip shorter than 500 m', () => {
    const home = parked(T0, 120.1, 30.2, 10 * MIN);
    const creep = drive(T0 + 10 * MIN, 120.1, 30.2, 40_000, 20);
    const end = creep[creep.length - 1]!;
    const r = run([...home, ...creep, ...parked(end.t + 20_000, end.lng, end.lat, 10 * MIN)]);
    expect(r.stops).toHaveLength(1);
    expect(r.trips).toHaveLength(0);
  });

  it('ignores a jump faster than 200 km/h in the mileage', () => {
    const fixes: Fix[] = [
      { t: T0, lng: 120.1, lat: 30.2, speed: 40, acc: 1, mileageKm: null },
      { t: T0 + 20_000, lng: 121.1, lat: 30.2, speed: 40, acc: 1, mileageKm: null },
      { t: T0 + 40_000, lng: 121.1, lat: 30.2018, speed: 40, acc: 1, mileageKm: null },
    ];
    const r = run(fixes);
    expect(r.mileage).toBeGreaterThan(150);
    expect(r.mileage).toBeLessThan(250);
  });

  it('prefers the odometer when both fixes carry it', () => {
    const fixes: Fix[] = [
      { t: T0, lng: 120.1, lat: 30.2, speed: 40, acc: 1, mileageKm: 1000.0 },
      { t: T0 + 60_000, lng: 120.1001, lat: 30.2, speed: 40, acc: 1, mileageKm: 1000.7 },
    ];
    expect(run(fixes).mileage).toBeCloseTo(700, 5);
  });

  it('treats ignition off as stationary even when the speed reads above 3 km/h (drift)', () => {
    const fixes = parked(T0, 120.1, 30.2, 10 * MIN).map((f) => ({ ...f, speed: 5 }));
    expect(run(fixes).open).not.toBeNull();
  });
});
