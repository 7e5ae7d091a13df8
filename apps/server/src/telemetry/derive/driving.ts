import { shanghaiHour } from '@cvrisk/contracts';

/** Driving-behaviour definitions of server-behaviour §9. */
export const HARSH_ACCELERATION_MS2 = 3.0;
export const HARSH_BRAKING_MS2 = 3.5;
export const SPEEDING_KMH = 120;
export const SPEEDING_MIN_MS = 30_000;
export const FATIGUE_DRIVING_MS = 4 * 3600_000;
export const FATIGUE_REST_MS = 20 * 60_000;
/** Acceleration is judged only between fixes this close: over a longer gap a change of speed says nothing. */
export const ACCELERATION_MAX_GAP_MS = 10_000;
/** Two fixes above the limit further apart than this are two episodes, not one. */
export const SPEEDING_MAX_GAP_MS = 60_000;

export const DRIVING_EVENT = { harshAcceleration: 1, harshBraking: 2, speeding: 3, fatigue: 4 } as const;
/**
 * Not driving behaviour but stored with it, among the car's events: a silence the car came out of
 * elsewhere (track-state.ts). Start and end are the fixes around the silence, lng/lat where it
 * reappeared, value the distance in metres; where it went silent is the position at start.
 */
export const OFFLINE_MOVE_EVENT = 5;
export type DrivingEventKind = (typeof DRIVING_EVENT)[keyof typeof DRIVING_EVENT];

/** 22:00–05:00 local time counts as night driving. */
export const isNightHour = (hour: number): boolean => hour >= 22 || hour < 5;
export const isNight = (t: number): boolean => isNightHour(shanghaiHour(t));

export type BehaviourFix = { t: number; lng: number; lat: number; speed: number };

/** An episode in progress: its row is written again (upserted by device, kind and start) while it lasts. */
export type Episode = { start: number; end: number; lng: number; lat: number; value: number };

export type BehaviourState = {
  harsh: (Episode & { kind: 1 | 2 }) | null;
  speeding: (Episode & { counted: boolean }) | null;
  /** Start of the driving since the last rest of 20 minutes, and whether it has already been flagged. */
  drivingSince: { t: number; lng: number; lat: number } | null;
  fatigueRaised: boolean;
};

export const emptyBehaviour = (): BehaviourState => ({ harsh: null, speeding: null, drivingSince: null, fatigueRaised: false });

export type DrivingEvent = Episode & { kind: DrivingEventKind };
export type BehaviourCounts = { harshAcc: number; harshBrake: number; speeding: number; fatigue: number };

/**
 * Advances the behaviour detectors by one in-order fix. `still` and `rested` come from the stop
 * derivation (a rest is 20 minutes without moving, or a 20-minute silence). Each episode is counted
 * once, on the fix that makes it one; its row is rewritten as it goes on.
 */
export function behave(b: BehaviourState, last: BehaviourFix | null, f: BehaviourFix, still: boolean, rested: boolean): { events: DrivingEvent[]; counts: BehaviourCounts } {
  const events: DrivingEvent[] = [];
  const counts: BehaviourCounts = { harshAcc: 0, harshBrake: 0, speeding: 0, fatigue: 0 };
  const dt = last ? f.t - last.t : 0;

  const a = last && dt > 0 && dt <= ACCELERATION_MAX_GAP_MS ? (f.speed - last.speed) / 3.6 / (dt / 1000) : 0;
  const kind = a >= HARSH_ACCELERATION_MS2 ? DRIVING_EVENT.harshAcceleration : a <= -HARSH_BRAKING_MS2 ? DRIVING_EVENT.harshBraking : null;
  if (kind === null || !last) b.harsh = null;
  else if (b.harsh && b.harsh.kind === kind && b.harsh.end === last.t) {
    b.harsh = { ...b.harsh, end: f.t, value: Math.max(b.harsh.value, Math.abs(a)) };
    events.push({ ...b.harsh });
  } else {
    b.harsh = { kind, start: last.t, end: f.t, lng: last.lng, lat: last.lat, value: Math.abs(a) };
    if (kind === DRIVING_EVENT.harshAcceleration) counts.harshAcc = 1;
    else counts.harshBrake = 1;
    events.push({ ...b.harsh });
  }

  if (f.speed > SPEEDING_KMH) {
    const sp = b.speeding && dt <= SPEEDING_MAX_GAP_MS ? { ...b.speeding, end: f.t, value: Math.max(b.speeding.value, f.speed) } : { start: f.t, end: f.t, lng: f.lng, lat: f.lat, value: f.speed, counted: false };
    if (sp.end - sp.start >= SPEEDING_MIN_MS) {
      if (!sp.counted) counts.speeding = 1;
      sp.counted = true;
      events.push({ kind: DRIVING_EVENT.speeding, start: sp.start, end: sp.end, lng: sp.lng, lat: sp.lat, value: sp.value });
    }
    b.speeding = sp;
  } else b.speeding = null;

  if (rested) {
    b.drivingSince = null;
    b.fatigueRaised = false;
  }
  if (!still) {
    b.drivingSince ??= { t: f.t, lng: f.lng, lat: f.lat };
    const driven = f.t - b.drivingSince.t;
    if (driven > FATIGUE_DRIVING_MS) {
      if (!b.fatigueRaised) counts.fatigue = 1;
      b.fatigueRaised = true;
      const { t, lng, lat } = b.drivingSince;
      events.push({ kind: DRIVING_EVENT.fatigue, start: t, end: f.t, lng, lat, value: driven / 3600_000 });
    }
  }
  return { events, counts };
}
