import { dayKey, distanceM } from '@cvrisk/contracts';

/** Definitions of server-behaviour §8–9. */
export const STOP_SPEED_KMH = 3;
export const STOP_MIN_MS = 5 * 60_000;
export const TRIP_MIN_M = 500;
export const MAX_PLAUSIBLE_KMH = 200;
/** A gap longer than this between two ACC-on fixes is not counted as ignition time. */
export const ACC_GAP_CAP_MS = 10 * 60_000;

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
};

export const emptyTrackState = (): TrackState => ({
  last: null, stillSince: null, stillLng: 0, stillLat: 0, stopOpen: false, tripStart: null, tripDistanceM: 0, tripMaxSpeed: 0,
});

export type Stop = { start: number; end: number; lng: number; lat: number };
export type Trip = { start: number; end: number; startLng: number; startLat: number; endLng: number; endLat: number; distanceM: number; maxSpeed: number };
export type DailyDelta = { day: number; mileageM: number; accOnMs: number; accOnCount: number; fixes: number; maxSpeed: number };

export type Step = {
  state: TrackState;
  /** The stop now open (new or extended): upsert by (device, start). */
  openStop: Stop | null;
  /** A stop that just ended. */
  closedStop: Stop | null;
  closedTrip: Trip | null;
  daily: DailyDelta;
};

const isStill = (f: Fix) => f.speed < STOP_SPEED_KMH || f.acc === 0;

/** Distance the car really covered between two fixes: the odometer when both carry it, else the great circle, minus jumps. */
function legDistance(a: Fix, b: Fix): number {
  const dt = b.t - a.t;
  if (a.mileageKm !== null && b.mileageKm !== null && b.mileageKm >= a.mileageKm) {
    const m = (b.mileageKm - a.mileageKm) * 1000;
    if (dt > 0 && (m / dt) * 3600 <= MAX_PLAUSIBLE_KMH) return m;
  }
  const d = distanceM(a.lng, a.lat, b.lng, b.lat);
  return dt > 0 && (d / dt) * 3600 <= MAX_PLAUSIBLE_KMH ? d : 0;
}

/**
 * Advances one device's derived track by one in-order fix. Pure: the pipeline stores what comes out
 * in the same transaction as the fix, so a restart continues exactly where it stopped.
 */
export function advance(prev: TrackState, f: Fix): Step {
  const s: TrackState = { ...prev, last: f };
  const last = prev.last;
  const leg = last ? legDistance(last, f) : 0;
  const daily: DailyDelta = {
    day: dayKey(f.t),
    mileageM: leg,
    accOnMs: last && last.acc === 1 && f.acc === 1 ? Math.min(f.t - last.t, ACC_GAP_CAP_MS) : 0,
    accOnCount: f.acc === 1 && (!last || last.acc === 0) ? 1 : 0,
    fixes: 1,
    maxSpeed: f.speed,
  };
  let openStop: Stop | null = null;
  let closedStop: Stop | null = null;
  let closedTrip: Trip | null = null;

  if (isStill(f)) {
    if (s.stillSince === null) {
      s.stillSince = f.t;
      s.stillLng = f.lng;
      s.stillLat = f.lat;
    }
    if (s.tripStart && !s.stopOpen) s.tripDistanceM += leg;
    if (f.t - s.stillSince >= STOP_MIN_MS) {
      // The spell has become a stop: the trip that led here ended when the car came to rest.
      if (!s.stopOpen && s.tripStart) {
        if (s.tripDistanceM >= TRIP_MIN_M) {
          closedTrip = {
            start: s.tripStart.t, end: s.stillSince, startLng: s.tripStart.lng, startLat: s.tripStart.lat,
            endLng: s.stillLng, endLat: s.stillLat, distanceM: s.tripDistanceM, maxSpeed: s.tripMaxSpeed,
          };
        }
        s.tripStart = null;
      }
      s.stopOpen = true;
      openStop = { start: s.stillSince, end: f.t, lng: s.stillLng, lat: s.stillLat };
    }
    return { state: s, openStop, closedStop, closedTrip, daily };
  }

  if (s.stopOpen && s.stillSince !== null) closedStop = { start: s.stillSince, end: f.t, lng: s.stillLng, lat: s.stillLat };
  if (s.tripStart) {
    s.tripDistanceM += leg;
    s.tripMaxSpeed = Math.max(s.tripMaxSpeed, f.speed);
  } else {
    s.tripStart = last ? { t: last.t, lng: last.lng, lat: last.lat } : { t: f.t, lng: f.lng, lat: f.lat };
    s.tripDistanceM = leg;
    s.tripMaxSpeed = f.speed;
  }
  s.stillSince = null;
  s.stopOpen = false;
  return { state: s, openStop, closedStop, closedTrip, daily };
}
