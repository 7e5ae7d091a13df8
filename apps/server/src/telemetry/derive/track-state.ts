import { dayKey, distanceM, shanghaiHour } from '@cvrisk/contracts';
import { behave, emptyBehaviour, FATIGUE_REST_MS, isNight, type BehaviourState, type DrivingEvent } from './driving.js';

/** Definitions of server-behaviour §8–9. */
export const STOP_SPEED_KMH = 3;
export const STOP_MIN_MS = 5 * 60_000;
export const TRIP_MIN_M = 500;
export const MAX_PLAUSIBLE_KMH = 200;
/** A gap longer than this between two ACC-on fixes is not counted as ignition time. */
export const ACC_GAP_CAP_MS = 10 * 60_000;
/**
 * A silence: two consecutive fixes further apart than this. Distance across a silence is never
 * mileage (nobody knows when or how the car covered it); when it is at least OFFLINE_MOVE_MIN_M it is
 * an offline move (离线期间位移), counted apart and listed among the car's events. A parked terminal
 * sleeping 15 minutes between fixes leaves its stop where it was: it reappears in the same place.
 */
export const SILENCE_GAP_MS = 5 * 60_000;
export const OFFLINE_MOVE_MIN_M = TRIP_MIN_M;

export type Fix = { t: number; lng: number; lat: number; speed: number; acc: number; mileageKm: number | null };

/** Everything the derivation needs to continue after the last in-order fix; stored per device. */
export type TrackState = {
  last: Fix | null;
  /** When the current stationary spell began (null while moving). */
  stillSince: number | null;
  stillLng: number;
  stillLat: number;
  /** True once the stationary spell has lasted long enough to be a stop. */
  stopOpen: boolean;
  tripStart: { t: number; lng: number; lat: number } | null;
  tripDistanceM: number;
  tripMaxSpeed: number;
  behaviour: BehaviourState;
};

export const emptyTrackState = (): TrackState => ({
  last: null, stillSince: null, stillLng: 0, stillLat: 0, stopOpen: false, tripStart: null, tripDistanceM: 0, tripMaxSpeed: 0,
  behaviour: emptyBehaviour(),
});

/** A state stored before the behaviour detectors existed continues with fresh ones. */
export const trackStateOf = (json: string): TrackState => ({ ...emptyTrackState(), ...(JSON.parse(json) as Partial<TrackState>) });

/** Stops by the hour they begin: night 22–06, morning 06–10, day 10–17, evening 17–22. */
export type StopBand = 'night' | 'morning' | 'day' | 'evening';
export function stopBand(t: number): StopBand {
  const h = shanghaiHour(t);
  return h >= 22 || h < 6 ? 'night' : h < 10 ? 'morning' : h < 17 ? 'day' : 'evening';
}

export type Stop = { start: number; end: number; lng: number; lat: number };
export type Trip = { start: number; end: number; startLng: number; startLat: number; endLng: number; endLat: number; distanceM: number; maxSpeed: number };
/** The car reappeared `distanceM` (great circle) from where it went silent. */
export type OfflineMove = { start: number; end: number; fromLng: number; fromLat: number; toLng: number; toLat: number; distanceM: number };
export type DailyDelta = {
  day: number; mileageM: number; offlineMoveM: number; offlineMoves: number; accOnMs: number; accOnCount: number; fixes: number; maxSpeed: number;
  harshAcc: number; harshBrake: number; speeding: number; fatigue: number;
  driveMs: number; nightDriveMs: number; nightMileageM: number;
  trips: number; tripMs: number; tripM: number;
  stops: number; stopMs: number; stopBand: StopBand | null;
};

export type Step = {
  state: TrackState;
  /** The stop now open (new or extended): upsert by (device, start). */
  openStop: Stop | null;
  /** A stop that just ended. */
  closedStop: Stop | null;
  closedTrip: Trip | null;
  /** A silence the car came out of somewhere else. */
  offlineMove: OfflineMove | null;
  /** Driving events that began or went on at this fix. */
  events: DrivingEvent[];
  daily: DailyDelta;
};

const isStill = (f: Fix) => f.speed < STOP_SPEED_KMH || f.acc === 0;

/** Distance the car really covered between two fixes: the odometer when both carry it, else the great circle, minus jumps. */
function legDistance(a: Fix, b: Fix): number {
  if (b.t - a.t > SILENCE_GAP_MS) return 0;
  const dt = b.t - a.t;
  if (a.mileageKm !== null && b.mileageKm !== null && b.mileageKm >= a.mileageKm) {
    const m = (b.mileageKm - a.mileageKm) * 1000;
    if (dt > 0 && (m / dt) * 3600 <= MAX_PLAUSIBLE_KMH) return m;
  }
  const d = distanceM(a.lng, a.lat, b.lng, b.lat);
  return dt > 0 && (d / dt) * 3600 <= MAX_PLAUSIBLE_KMH ? d : 0;
}

/** The move across a silence before `f`, when the car came out of it somewhere else (and not by a GNSS jump). */
function offlineMoveTo(last: Fix | null, f: Fix): OfflineMove | null {
  if (!last || f.t - last.t <= SILENCE_GAP_MS) return null;
  const d = distanceM(last.lng, last.lat, f.lng, f.lat);
  if (d < OFFLINE_MOVE_MIN_M || (d / (f.t - last.t)) * 3600 > MAX_PLAUSIBLE_KMH) return null;
  return { start: last.t, end: f.t, fromLng: last.lng, fromLat: last.lat, toLng: f.lng, toLat: f.lat, distanceM: d };
}

/**
 * Advances one device's derived track by one in-order fix. Pure: the pipeline stores what comes out
 * in the same transaction as the fix, so a restart continues exactly where it stopped.
 */
export function advance(prev: TrackState, f: Fix): Step {
  const s: TrackState = { ...prev, last: f, behaviour: { ...prev.behaviour } };
  const last = prev.last;
  const dt = last ? f.t - last.t : 0;
  const leg = last ? legDistance(last, f) : 0;
  const still = isStill(f);
  const moving = last !== null && !still && dt <= SILENCE_GAP_MS;
  const offlineMove = offlineMoveTo(last, f);
  const daily: DailyDelta = {
    day: dayKey(f.t),
    mileageM: leg,
    offlineMoveM: offlineMove?.distanceM ?? 0,
    offlineMoves: offlineMove ? 1 : 0,
    accOnMs: last && last.acc === 1 && f.acc === 1 ? Math.min(dt, ACC_GAP_CAP_MS) : 0,
    accOnCount: f.acc === 1 && (!last || last.acc === 0) ? 1 : 0,
    fixes: 1,
    maxSpeed: f.speed,
    harshAcc: 0, harshBrake: 0, speeding: 0, fatigue: 0,
    driveMs: moving ? dt : 0,
    nightDriveMs: moving && isNight(f.t) ? dt : 0,
    nightMileageM: moving && isNight(f.t) ? leg : 0,
    trips: 0, tripMs: 0, tripM: 0,
    stops: 0, stopMs: 0, stopBand: null,
  };
  let openStop: Stop | null = null;
  let closedStop: Stop | null = null;
  let closedTrip: Trip | null = null;
  // Whatever the car was doing before the silence ended where it went silent; this fix starts afresh.
  let anchor: Fix | null = last;
  if (offlineMove && last) {
    anchor = null;
    const restSince = s.stillSince ?? last.t;
    if (s.stopOpen && s.stillSince !== null) closedStop = { start: s.stillSince, end: last.t, lng: s.stillLng, lat: s.stillLat };
    else if (s.tripStart && s.tripDistanceM >= TRIP_MIN_M) {
      closedTrip = {
        start: s.tripStart.t, end: restSince, startLng: s.tripStart.lng, startLat: s.tripStart.lat,
        endLng: s.stillSince !== null ? s.stillLng : last.lng, endLat: s.stillSince !== null ? s.stillLat : last.lat,
        distanceM: s.tripDistanceM, maxSpeed: s.tripMaxSpeed,
      };
      daily.trips = 1;
      daily.tripMs = closedTrip.end - closedTrip.start;
      daily.tripM = closedTrip.distanceM;
    }
    s.stillSince = null;
    s.stopOpen = false;
    s.tripStart = null;
  }

  if (still) {
    if (s.stillSince === null) {
      s.stillSince = f.t;
      s.stillLng = f.lng;
      s.stillLat = f.lat;
    }
    if (s.tripStart && !s.stopOpen) s.tripDistanceM += leg;
    if (s.stopOpen) daily.stopMs = dt;
    if (f.t - s.stillSince >= STOP_MIN_MS) {
      // The spell has become a stop: the trip that led here ended when the car came to rest.
      if (!s.stopOpen) {
        if (s.tripStart && s.tripDistanceM >= TRIP_MIN_M) {
          closedTrip = {
            start: s.tripStart.t, end: s.stillSince, startLng: s.tripStart.lng, startLat: s.tripStart.lat,
            endLng: s.stillLng, endLat: s.stillLat, distanceM: s.tripDistanceM, maxSpeed: s.tripMaxSpeed,
          };
          daily.trips = 1;
          daily.tripMs = closedTrip.end - closedTrip.start;
          daily.tripM = closedTrip.distanceM;
        }
        s.tripStart = null;
        daily.stops = 1;
        daily.stopBand = stopBand(s.stillSince);
        daily.stopMs = f.t - s.stillSince;
      }
      s.stopOpen = true;
      openStop = { start: s.stillSince, end: f.t, lng: s.stillLng, lat: s.stillLat };
    }
  } else {
    if (s.stopOpen && s.stillSince !== null) {
      closedStop = { start: s.stillSince, end: f.t, lng: s.stillLng, lat: s.stillLat };
      daily.stopMs = dt;
    }
    if (s.tripStart) {
      s.tripDistanceM += leg;
      s.tripMaxSpeed = Math.max(s.tripMaxSpeed, f.speed);
    } else {
      s.tripStart = anchor ? { t: anchor.t, lng: anchor.lng, lat: anchor.lat } : { t: f.t, lng: f.lng, lat: f.lat };
      s.tripDistanceM = leg;
      s.tripMaxSpeed = f.speed;
    }
    s.stillSince = null;
    s.stopOpen = false;
  }

  const rested = dt >= FATIGUE_REST_MS || (s.stillSince !== null && f.t - s.stillSince >= FATIGUE_REST_MS);
  const { events, counts } = behave(s.behaviour, last, f, still, rested);
  Object.assign(daily, counts);
  return { state: s, openStop, closedStop, closedTrip, offlineMove, events, daily };
}
