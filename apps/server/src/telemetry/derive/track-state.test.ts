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

describe('a silence the car comes out of elsewhere (离线期间位移)', () => {
  const offline = (steps: Step[]) => steps.filter((s) => s.offlineMove).map((s) => s.offlineMove!);
  function steps(fixes: Fix[]): Step[] {
    let state = emptyTrackState();
    return fixes.map((f) => {
      const step = advance(state, f);
      state = step.state;
      return step;
    });
  }

  it('is not mileage nor driving, and is told apart with where and when', () => {
    // Parked an hour at home, silent two hours, then parked 53 km east: the portrait once showed 53 km driven in 0 minutes.
    const home = parked(T0, 120.1, 30.2, 60 * MIN, 15 * MIN);
    const lng = 120.1 + 53 / (111.195 * Math.cos((30.2 * Math.PI) / 180));
    const away = parked(T0 + 3 * 60 * MIN, lng, 30.2, 60 * MIN, 15 * MIN);
    const s = steps([...home, ...away]);
    expect(s.reduce((m, x) => m + x.daily.mileageM, 0)).toBe(0);
    expect(s.reduce((m, x) => m + x.daily.driveMs, 0)).toBe(0);
    const moves = offline(s);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ start: T0 + 60 * MIN, end: T0 + 3 * 60 * MIN, fromLng: 120.1, toLng: lng });
    expect(moves[0]!.distanceM / 1000).toBeCloseTo(53, 0);
    expect(s.reduce((m, x) => m + x.daily.offlineMoveM, 0)).toBe(moves[0]!.distanceM);
    expect(s.reduce((m, x) => m + x.daily.offlineMoves, 0)).toBe(1);
    // The stop at home ends where the car went silent; the one away begins where it came back.
    const closed = s.map((x) => x.closedStop).filter((x) => x !== null);
    expect(closed).toEqual([{ start: T0, end: T0 + 60 * MIN, lng: 120.1, lat: 30.2 }]);
    expect(s[s.length - 1]!.openStop).toMatchObject({ start: T0 + 3 * 60 * MIN, lng });
  });

  it('ends a trip where the car went silent instead of stretching it over the silence', () => {
    const road = drive(T0, 120.1, 30.2, 10 * MIN);
    const end = road[road.length - 1]!;
    const later = drive(end.t + 30 * MIN, end.lng + 0.2, 30.2, 10 * MIN);
    const s = steps([{ ...road[0]!, t: T0 }, ...road, ...later]);
    const trips = s.map((x) => x.closedTrip).filter((x) => x !== null);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ start: T0, end: end.t, endLng: end.lng });
    expect(trips[0]!.distanceM).toBeLessThan(6500);
    expect(offline(s)).toHaveLength(1);
    // What was driven on both sides is mileage; the 0.2° across the silence (about 19 km) is not.
    const mileage = s.reduce((m, x) => m + x.daily.mileageM, 0);
    expect(mileage).toBeGreaterThan(11_000);
    expect(mileage).toBeLessThan(13_000);
  });

  it('leaves a parked car that sleeps 15 minutes between fixes in its one stop', () => {
    const s = steps(parked(T0, 120.1, 30.2, 3 * 60 * MIN, 15 * MIN).map((f, i) => ({ ...f, lng: f.lng + (i % 2) * 0.00002 })));
    expect(offline(s)).toHaveLength(0);
    expect(s.every((x) => x.closedStop === null)).toBe(true);
    expect(s[s.length - 1]!.openStop).toMatchObject({ start: T0 });
  });

  it('counts a short gap (under 5 minutes) while driving as mileage, as before', () => {
    const road = drive(T0, 120.1, 30.2, 10 * MIN).filter((_f, i) => i < 5 || i > 15);
    const s = steps(road);
    expect(offline(s)).toHaveLength(0);
    expect(s.reduce((m, x) => m + x.daily.mileageM, 0)).toBeGreaterThan(5500);
  });
});
