import type { Place } from './cities.js';
import { DAY_MS, dayStart, MINUTE_MS } from './local-time.js';
import type { Leg } from './plan-types.js';
import { flatKm, offsetPlace } from './geometry.js';
import { roadPath, type RoadPath } from './road-path.js';
import { rngOf, Stream } from './seeded.js';

export type Stay = {
  drive: false;
  t0: number;
  t1: number;
  lng: number;
  lat: number;
  heading: number;
  /** The car pulled in at t0 (false when the stay only continues from the day before). */
  arrival: boolean;
  odoKm: number;
};

export type Drive = {
  drive: true;
  t0: number;
  t1: number;
  path: RoadPath;
  cruiseKmh: number;
  /** Identifies the drive for the devices' sampling streams. */
  key: number;
  /** Odometer when it sets off. */
  odoKm: number;
};

export type Segment = Stay | Drive;

/** One local day of one car: stays and drives that cover it without gaps, midnight to midnight. */
export type DayProgram = { day: number; segments: Segment[]; endOdoKm: number; endSpot: Place; endHeading: number };

/** Where the car is at the day's first moment: where the day before left it. */
export type DayStart = { spot: Place; heading: number; odoKm: number };

const MIN_STAY_MS = 5 * MINUTE_MS;
/** A car is parked for the night by then, so a drive never runs past midnight. */
const LAST_ARRIVAL_BEFORE_MIDNIGHT_MS = 15 * MINUTE_MS;
/** Legs closer than this are the same car park: no drive between them. */
const SAME_PLACE_KM = 0.15;

/** Average speed of a drive: city traffic is slow, ring roads faster, motorways faster still. */
function cruiseKmh(lengthKm: number, u: number): number {
  if (lengthKm < 12) return 20 + u * 20;
  if (lengthKm < 40) return 30 + u * 25;
  return 75 + u * 20;
}

/** Where exactly the car parks at a place: a different bay each visit. */
export function parkingSpot(seed: number, carId: number, day: number, leg: number, place: Place): Place {
  const r = rngOf(seed, Stream.parking, carId, day, leg);
  const km = r.float(3, 30) / 1000;
  const b = r.float(0, 2 * Math.PI);
  return offsetPlace(place, km * Math.sin(b), km * Math.cos(b));
}

/**
 * Turns a day's legs into timed stays and drives. Stays last until their leg says; a day that would
 * not be parked for the night (wherever that is) before midnight loses middle legs until it is.
 */
export function buildDay(seed: number, carId: number, day: number, legs: Leg[], from: DayStart): DayProgram {
  let kept = legs;
  for (;;) {
    const program = tryBuild(seed, carId, day, kept, from, false);
    if (program) return program;
    if (kept.length <= 2) return tryBuild(seed, carId, day, [kept[0]!, kept[kept.length - 1]!], from, true)!;
    kept = [...kept.slice(0, -2), kept[kept.length - 1]!];
  }
}

function tryBuild(seed: number, carId: number, day: number, legs: Leg[], from: DayStart, leaveLate: boolean): DayProgram | null {
  const t00 = dayStart(day);
  const end = t00 + DAY_MS;
  const latestArrival = end - LAST_ARRIVAL_BEFORE_MIDNIGHT_MS;
  const segments: Segment[] = [];
  let { odoKm: odo, heading, spot: here } = from;
  let t = t00;
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    const last = i === legs.length - 1;
    if (i > 0) {
      const spot = parkingSpot(seed, carId, day, i, leg.place);
      if (flatKm(here, spot) >= SAME_PLACE_KM) {
        const r = rngOf(seed, Stream.drive, carId, day, i);
        const path = roadPath(r, here, spot);
        const v = cruiseKmh(path.lengthKm, r.next());
        const ms = Math.max(MINUTE_MS, Math.round((path.lengthKm / v) * 3600) * 1000);
        // Only as a last resort (a long drive home set off too late): leave in time to arrive.
        if (leaveLate && last && t + ms > latestArrival) {
          t = Math.max(t00 + MIN_STAY_MS, latestArrival - ms);
          (segments[segments.length - 1] as Stay).t1 = t;
        }
        segments.push({ drive: true, t0: t, t1: t + ms, path, cruiseKmh: v, key: day * 64 + i, odoKm: odo });
        t += ms;
        odo += path.lengthKm;
        heading = path.heading[path.heading.length - 1]! % 360;
        here = spot;
      }
    }
    if (last && t > latestArrival) return null;
    const wanted = Math.round((leg.until ?? t + (leg.stayMs ?? MIN_STAY_MS)) / 1000) * 1000;
    const stayEnd = last ? end : Math.max(wanted, t + MIN_STAY_MS);
    if (!last && stayEnd > latestArrival) return null;
    const previous = segments[segments.length - 1];
    if (previous && !previous.drive) previous.t1 = stayEnd;
    else segments.push({ drive: false, t0: t, t1: stayEnd, lng: here.lng, lat: here.lat, heading, arrival: i > 0, odoKm: odo });
    t = stayEnd;
  }
  return { day, segments, endOdoKm: odo, endSpot: here, endHeading: heading };
}
