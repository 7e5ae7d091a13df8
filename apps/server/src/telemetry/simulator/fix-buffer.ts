import type { IngestPosition } from '@cvrisk/contracts';
import type { LocationFix } from '../jt808/index.js';
import { VENDOR_ITEMS } from '../gateway/to-position.js';
import type { IncomingPosition } from '../pipeline/incoming.js';
import { locationFix } from './virtual-terminal.js';

const NONE = -1;
/** Status bits the other columns stand for: ACC, positioned, south, west. */
const DERIVED_STATUS = 0b1111;
/** What `locationFix` puts in every fix, so every transport stores the same row. */
const ALTITUDE = 20;
const SIGNAL = 25;

/**
 * A device's fixes, column by column in typed arrays: the 14-day history of a fleet is millions of
 * fixes, and one object each would cost more to make and collect than everything else the
 * generator does. Objects are made only for the few hundred about to be sent.
 */
export class FixBuffer {
  length = 0;
  time = new Float64Array(0);
  lng = new Float64Array(0);
  lat = new Float64Array(0);
  speed = new Float32Array(0);
  direction = new Uint16Array(0);
  acc = new Uint8Array(0);
  alarm = new Uint32Array(0);
  /** Odometer km, NaN when the device has none (wireless). */
  mileage = new Float64Array(0);
  /** Percent, -1 when the device does not report one (wired). */
  battery = new Int16Array(0);
  /** 1 satellites, 2 cell towers; 0 when the device does not say (wired). */
  fixSource = new Uint8Array(0);
  /** Status bits besides ACC and positioned, which the other columns give: the relay's bits 10 and 11 while it is cut. */
  status = new Uint32Array(0);

  constructor(capacity = 1024) {
    this.grow(capacity);
  }

  clear(): void {
    this.length = 0;
  }

  push(time: number, lng: number, lat: number, speed: number, direction: number, acc: boolean, alarm: number, mileage: number, battery: number, fixSource: number, status = 0): void {
    if (this.length === this.time.length) this.grow(this.length * 2);
    const i = this.length++;
    this.time[i] = time;
    this.lng[i] = lng;
    this.lat[i] = lat;
    this.speed[i] = speed;
    this.direction[i] = Math.round(direction) % 360;
    this.acc[i] = acc ? 1 : 0;
    this.alarm[i] = alarm;
    this.mileage[i] = mileage;
    this.battery[i] = battery;
    this.fixSource[i] = fixSource;
    this.status[i] = status;
  }

  /** Appends a fix made by `locationFix` (one the plan does not hold: the simulator's answer to a command). */
  pushFix(f: LocationFix): void {
    const battery = f.rawItems.get(VENDOR_ITEMS.battery)?.[0];
    const source = f.rawItems.get(VENDOR_ITEMS.fixSource)?.[0];
    this.push(
      f.time ?? 0, f.longitude, f.latitude, f.speedKmh, f.direction, (f.status & 1) === 1, f.alarm, f.items.mileageKm ?? NaN,
      battery ?? NONE, source ?? 0, (f.status & ~DERIVED_STATUS) >>> 0,
    );
  }

  /** Index of the first fix at or after a time. */
  indexAt(t: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.time[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Fix i as the JT/T 808 location body a terminal sends. */
  locationFix(i: number): LocationFix {
    const mileage = this.mileage[i]!;
    const battery = this.battery[i]!;
    const source = this.fixSource[i]!;
    return locationFix({
      time: this.time[i]!, lng: this.lng[i]!, lat: this.lat[i]!, speed: this.speed[i]!, direction: this.direction[i]!,
      acc: this.acc[i] === 1, alarm: this.alarm[i]!, status: this.status[i]!,
      ...(Number.isNaN(mileage) ? {} : { mileageKm: mileage }),
      ...(battery === NONE ? {} : { battery }),
      ...(source === 0 ? {} : { fixSource: source }),
    });
  }

  /** Fix i as the pipeline takes it from any source, with the values a JT/T 808 terminal would send. */
  incoming(i: number, deviceNumber: string): IncomingPosition {
    const mileage = this.mileage[i]!;
    const battery = this.battery[i]!;
    const source = this.fixSource[i]!;
    const acc = this.acc[i] === 1 ? 1 : 0;
    return {
      deviceNumber, gpsTime: Math.floor(this.time[i]! / 1000) * 1000, lng: round6(this.lng[i]!), lat: round6(this.lat[i]!),
      speed: Math.round(this.speed[i]! * 10) / 10, direction: this.direction[i]!, altitude: ALTITUDE, acc,
      mileageKm: Number.isNaN(mileage) ? null : Math.round(mileage * 10) / 10, satellites: source === 2 ? 0 : 12, signal: SIGNAL,
      battery: battery === NONE ? null : battery, fixType: source === 2 ? 2 : 1, alarmWord: this.alarm[i]!, statusWord: acc | 0b10 | this.status[i]!,
    };
  }

  /** Fix i as an item of the HTTP ingest API. */
  ingestPosition(i: number, deviceNumber: string): IngestPosition {
    const p = this.incoming(i, deviceNumber);
    return {
      deviceNumber, gpsTime: p.gpsTime, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, altitude: p.altitude, acc: p.acc,
      satellites: p.satellites!, signal: p.signal!, fixType: p.fixType!, alarmWord: p.alarmWord!, statusWord: p.statusWord!,
      ...(p.mileageKm === null ? {} : { mileage: p.mileageKm }),
      ...(p.battery === null ? {} : { battery: p.battery }),
    };
  }

  private grow(capacity: number): void {
    const n = this.length;
    this.time = resized(this.time, capacity, n);
    this.lng = resized(this.lng, capacity, n);
    this.lat = resized(this.lat, capacity, n);
    this.speed = resized(this.speed, capacity, n);
    this.direction = resized(this.direction, capacity, n);
    this.acc = resized(this.acc, capacity, n);
    this.alarm = resized(this.alarm, capacity, n);
    this.mileage = resized(this.mileage, capacity, n);
    this.battery = resized(this.battery, capacity, n);
    this.fixSource = resized(this.fixSource, capacity, n);
    this.status = resized(this.status, capacity, n);
  }
}

type Column = Float64Array | Float32Array | Uint32Array | Uint16Array | Int16Array | Uint8Array;

/** A larger column of the same kind holding the first `length` values. */
function resized<T extends Column>(column: T, capacity: number, length: number): T {
  const bigger = new (column.constructor as new (n: number) => T)(capacity);
  bigger.set(column.subarray(0, length) as ArrayLike<number>);
  return bigger;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Marks "not reported" in the battery column. */
export const NO_BATTERY = NONE;
