import { DeviceKind } from '@cvrisk/contracts';
import type { LocationFix } from '../jt808/index.js';
import type { Drive, Stay } from './day-program.js';
import { FixBuffer, NO_BATTERY } from './fix-buffer.js';
import { offsetPlace } from './geometry.js';
import { DAY_MS, dayStart, HOUR_MS, localDay, MINUTE_MS } from './local-time.js';
import type { FleetPlan, PlannedDevice } from './plan-types.js';
import { PathCursor, type RoadPath } from './road-path.js';
import { rngOf, Stream, wobble } from './seeded.js';
import { locationFix } from './virtual-terminal.js';

const EMPTY_PATH: RoadPath = { lng: new Float64Array(2), lat: new Float64Array(2), cumKm: new Float64Array(2), heading: new Float64Array(2), lengthKm: 0 };

/**
 * How often a parked wired terminal (ACC off) reports: its sleep interval. Real units range from a
 * few minutes to an hour; 15 minutes keeps parked cars visible and the 14-day demo history under two
 * million positions (about 200 a day for a wired device, half of them parked).
 */
export const PARKED_INTERVAL_MS = 15 * MINUTE_MS;
/** Wireless trackers wake four times a day, six hours apart, at times of their own. */
const WIRELESS_EVERY_MS = 6 * HOUR_MS;
/** A parked car's position drifts by a few metres between fixes, as GNSS does. */
const DRIFT_DEG = 0.00002;
/** Batteries run down to this, then someone recharges the tracker. */
const RECHARGE_AT = 8;

/**
 * Appends one device's fixes over [from, to) to `out`, in time order. Pure and deterministic: the
 * same plan gives the same fixes, and [a, b) then [b, c) gives exactly [a, c) — history and live
 * mode cut the same stream at "now".
 */
export function deviceFixes(plan: FleetPlan, device: PlannedDevice, from: number, to: number, out: FixBuffer): void {
  const lo = Math.max(from, plan.start, device.installTime ?? -Infinity);
  if (lo >= to) return;
  const emitter = new Emitter(plan, device, lo, to, out);
  if (device.kind === DeviceKind.wired) wiredFixes(plan.seed, device, lo, to, emitter);
  else wirelessFixes(plan.seed, device, lo, to, emitter);
  emitter.finish();
}

/** Percent left in a wireless tracker at a time: a slow drain, and a recharge when nearly flat. */
export function batteryAt(plan: FleetPlan, device: PlannedDevice, t: number): number {
  const used = device.battery.usedAtStart + (device.battery.perDay * (t - plan.start)) / DAY_MS;
  return Math.round(100 - (used % (100 - RECHARGE_AT)));
}

/** What the device would report right now: its answer to a position query. */
export function fixNow(plan: FleetPlan, device: PlannedDevice, t: number): LocationFix {
  const s = device.car.life.stateAt(t);
  const pin = pinAt(device, t);
  return locationFix({
    time: t, lng: pin?.lng ?? s.lng, lat: pin?.lat ?? s.lat, speed: pin ? 0 : s.speed, direction: s.heading, acc: device.kind === DeviceKind.wired && s.moving,
    ...(device.kind === DeviceKind.wired ? { mileageKm: s.odoKm } : { battery: batteryAt(plan, device, t), fixSource: 1 }),
  });
}

function pinAt(device: PlannedDevice, t: number) {
  for (const p of device.effects.pins) if (t >= p.from && t < p.to) return p.place;
  return null;
}

function wiredFixes(seed: number, device: PlannedDevice, from: number, to: number, emit: Emitter): void {
  const life = device.car.life;
  const cursor = new PathCursor(EMPTY_PATH);
  for (let day = localDay(from); dayStart(day) < to; day++) {
    for (const s of life.day(day).segments) {
      if (s.t1 <= from || s.t0 >= to) continue;
      if (s.drive) sampleDrive(seed, device, s, cursor, emit);
      else sampleStay(device, s, from, emit);
    }
  }
}

/** Every 10–30 s with ACC on. The draws do not depend on the window, so a cut mid-drive changes nothing. */
function sampleDrive(seed: number, device: PlannedDevice, s: Drive, cursor: PathCursor, emit: Emitter): void {
  const rng = rngOf(seed, Stream.samples, device.key, device.car.carId, s.key);
  const length = s.path.lengthKm;
  const duration = s.t1 - s.t0;
  cursor.reset(s.path);
  for (let t = s.t0, first = true; t < s.t1; first = false) {
    const u = rng.next();
    const turn = (rng.next() - 0.5) * 6;
    if (emit.wants(t)) {
      const km = ((t - s.t0) / duration) * length;
      cursor.at(km);
      const speed = first ? 3 + 12 * u : s.cruiseKmh * (0.7 + 0.6 * u);
      emit.fix(t, cursor.lng, cursor.lat, speed, cursor.heading + turn + 360, true, 0, s.odoKm + km, NO_BATTERY, 0);
    }
    t += rng.int(10, 30) * 1000;
  }
}

/** The fix on arrival, then the parked grid (absolute, so a stay split at midnight keeps its rhythm). */
function sampleStay(device: PlannedDevice, s: Stay, from: number, emit: Emitter): void {
  if (s.arrival) emit.fix(s.t0, s.lng, s.lat, 0, s.heading, false, 0, s.odoKm, NO_BATTERY, 0);
  const lower = Math.max(s.arrival ? s.t0 + 30_001 : s.t0, from);
  const phase = device.phaseMs;
  for (let g = Math.ceil((lower - phase) / PARKED_INTERVAL_MS) * PARKED_INTERVAL_MS + phase; g < s.t1; g += PARKED_INTERVAL_MS) {
    if (!emit.wants(g)) break;
    const k = g / 1000;
    emit.fix(g, s.lng + wobble(k, device.key) * DRIFT_DEG, s.lat + wobble(device.key, k) * DRIFT_DEG, 0, s.heading, false, 0, s.odoKm, NO_BATTERY, 0);
  }
}

function wirelessFixes(seed: number, device: PlannedDevice, from: number, to: number, emit: Emitter): void {
  const life = device.car.life;
  for (let day = localDay(from); dayStart(day) < to; day++) {
    const rng = rngOf(seed, Stream.wireless, device.key, day);
    for (let k = 0; k < 4; k++) {
      const t = dayStart(day) + device.phaseMs + k * WIRELESS_EVERY_MS + rng.int(-900, 900) * 1000;
      // Indoors and underground the tracker falls back on cell towers: a few hundred metres out.
      const cell = rng.chance(0.3);
      const errorKm = rng.float(0.15, 0.6);
      const bearing = rng.float(0, 2 * Math.PI);
      if (!emit.wants(t)) continue;
      const s = life.stateAt(t);
      const pin = pinAt(device, t);
      let at = pin ?? s;
      if (cell) at = offsetPlace(at, errorKm * Math.sin(bearing), errorKm * Math.cos(bearing));
      // Battery trackers are not wired to the ignition: ACC always reads off.
      emit.fix(t, at.lng, at.lat, pin ? 0 : s.speed, s.heading, false, 0, NaN, batteryAt(emit.plan, device, t), cell ? 2 : 1);
    }
  }
}

/**
 * The last step before the buffer: keeps fixes inside the window and in strict time order, drops
 * those inside the device's silences, and slips in the episodes' alarm reports at their times.
 */
class Emitter {
  private next = 0;
  private last = -Infinity;

  constructor(
    readonly plan: FleetPlan,
    private readonly device: PlannedDevice,
    private readonly from: number,
    private readonly to: number,
    private readonly out: FixBuffer,
  ) {
    const alarms = device.effects.alarms;
    while (this.next < alarms.length && alarms[this.next]!.at < from) this.next += 1;
  }

  wants(t: number): boolean {
    return t >= this.from && t < this.to;
  }

  fix(t: number, lng: number, lat: number, speed: number, direction: number, acc: boolean, alarm: number, mileage: number, battery: number, source: number): void {
    if (!this.wants(t)) return;
    this.alarmsUpTo(t);
    if (t <= this.last || this.silent(t)) return;
    this.out.push(t, lng, lat, speed, direction % 360, acc, alarm, mileage, battery, source);
    this.last = t;
  }

  finish(): void {
    this.alarmsUpTo(this.to - 1);
  }

  private alarmsUpTo(t: number): void {
    const alarms = this.device.effects.alarms;
    while (this.next < alarms.length && alarms[this.next]!.at <= t) {
      const a = alarms[this.next++]!;
      if (a.at <= this.last) continue;
      const s = this.device.car.life.stateAt(a.at);
      const wired = this.device.kind === DeviceKind.wired;
      const pin = pinAt(this.device, a.at);
      this.out.push(a.at, pin?.lng ?? s.lng, pin?.lat ?? s.lat, 0, s.heading, false, a.bits, wired ? s.odoKm : NaN, wired ? NO_BATTERY : batteryAt(this.plan, this.device, a.at), wired ? 0 : 1);
      this.last = a.at;
    }
  }

  private silent(t: number): boolean {
    for (const s of this.device.effects.silences) if (t >= s.from && t < s.to) return true;
    return false;
  }
}
