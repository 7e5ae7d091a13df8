import type { Place } from './cities.js';
import { buildDay, parkingSpot, type DayProgram, type Segment } from './day-program.js';
import { localDay } from './local-time.js';
import type { CarPlan, Leg } from './plan-types.js';
import { PathCursor } from './road-path.js';
import { routineLegs } from './routine.js';

/** Where the car is at one moment. */
export type CarState = { lng: number; lat: number; speed: number; heading: number; moving: boolean; odoKm: number };

/**
 * One car's days, built on demand and kept: each day starts where the one before ended, and the
 * odometer carries over, so days are built in order from the plan's first.
 */
export class CarLife {
  private readonly days = new Map<number, DayProgram>();
  private cursor: PathCursor | null = null;

  constructor(
    private readonly seed: number,
    private readonly firstDay: number,
    private readonly car: CarPlan,
  ) {}

  /** The legs of a day: an episode's script, or the car's routine. */
  legsOf(day: number): Leg[] {
    return this.car.scripts.get(day) ?? routineLegs(this.seed, this.car, day, this.nightPlace(day - 1));
  }

  /** Where the car spends the night that ends the day. */
  nightPlace(day: number): Place {
    const script = this.car.scripts.get(day);
    return script ? script[script.length - 1]!.place : this.car.home;
  }

  /** A day's program; days before the plan's first are its first (the car waits where it starts). */
  day(wanted: number): DayProgram {
    const day = Math.max(wanted, this.firstDay);
    const known = this.days.get(day);
    if (known) return known;
    let d = Math.max(this.firstDay, day);
    while (d > this.firstDay && !this.days.has(d - 1)) d -= 1;
    let program: DayProgram | undefined;
    for (; d <= day; d++) {
      const before = this.days.get(d - 1);
      const from = before
        ? { spot: before.endSpot, heading: before.endHeading, odoKm: before.endOdoKm }
        : { spot: parkingSpot(this.seed, this.car.carId, d - 1, 0, this.nightPlace(d - 1)), heading: 0, odoKm: this.car.odometerKm };
      program = buildDay(this.seed, this.car.carId, d, this.legsOf(d), from);
      this.days.set(d, program);
    }
    return program!;
  }

  /** The segment the car is in at a time. */
  segmentAt(t: number): Segment {
    const segments = this.day(localDay(t)).segments;
    for (const s of segments) if (t < s.t1) return s;
    return segments[segments.length - 1]!;
  }

  stateAt(t: number): CarState {
    const s = this.segmentAt(t);
    if (!s.drive) return { lng: s.lng, lat: s.lat, speed: 0, heading: s.heading, moving: false, odoKm: s.odoKm };
    const km = ((t - s.t0) / (s.t1 - s.t0)) * s.path.lengthKm;
    const cursor = (this.cursor ??= new PathCursor(s.path));
    cursor.reset(s.path);
    cursor.at(km);
    return { lng: cursor.lng, lat: cursor.lat, speed: s.cruiseKmh, heading: cursor.heading, moving: true, odoKm: s.odoKm + km };
  }
}
