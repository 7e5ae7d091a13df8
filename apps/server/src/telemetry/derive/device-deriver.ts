import { dayKey } from '@cvrisk/contracts';
import type { DeviceDailyTable, DrivingEventTable, StopTable, TrackCheckpointTable, TripTable } from '../../db/schema.js';
import { OFFLINE_MOVE_EVENT } from './driving.js';
import { advance, type DailyDelta, type Fix, type TrackState } from './track-state.js';

/** What one device's fixes derive, as rows keyed the way the tables are. */
export type DerivedRows = {
  stops: StopTable[];
  trips: TripTable[];
  events: DrivingEventTable[];
  /** Amounts to add to each (device, day). */
  daily: DeviceDailyTable[];
  /** The state before the first fix of each day seen, written only if the day has none yet. */
  checkpoints: TrackCheckpointTable[];
};

export const emptyDerivedRows = (): DerivedRows => ({ stops: [], trips: [], events: [], daily: [], checkpoints: [] });

export function zeroDaily(deviceId: number, day: number): DeviceDailyTable {
  return {
    device_id: deviceId, day, mileage_m: 0, offline_move_m: 0, offline_moves: 0, acc_on_ms: 0, acc_on_count: 0, fixes: 0, max_speed: 0,
    harsh_acc: 0, harsh_brake: 0, speeding: 0, fatigue: 0, drive_ms: 0, night_drive_ms: 0, night_mileage_m: 0,
    trips: 0, trip_ms: 0, trip_m: 0, stops: 0, stop_ms: 0, stops_night: 0, stops_morning: 0, stops_day: 0, stops_evening: 0,
  };
}

function addDelta(d: DeviceDailyTable, x: DailyDelta): void {
  d.mileage_m += x.mileageM;
  d.offline_move_m += x.offlineMoveM;
  d.offline_moves += x.offlineMoves;
  d.acc_on_ms += x.accOnMs;
  d.acc_on_count += x.accOnCount;
  d.fixes += x.fixes;
  d.max_speed = Math.max(d.max_speed, x.maxSpeed);
  d.harsh_acc += x.harshAcc;
  d.harsh_brake += x.harshBrake;
  d.speeding += x.speeding;
  d.fatigue += x.fatigue;
  d.drive_ms += x.driveMs;
  d.night_drive_ms += x.nightDriveMs;
  d.night_mileage_m += x.nightMileageM;
  d.trips += x.trips;
  d.trip_ms += x.tripMs;
  d.trip_m += x.tripM;
  d.stops += x.stops;
  d.stop_ms += x.stopMs;
  if (x.stopBand) d[`stops_${x.stopBand}`] += 1;
}

/**
 * Runs one device's in-order fixes through the derivation and gathers the rows to write. The live
 * pipeline and the replay (late fixes, rebuilds) both use it, so the two cannot disagree.
 */
export function createDeviceDeriver(deviceId: number, start: TrackState) {
  let track = start;
  const stops = new Map<number, StopTable>();
  const trips = new Map<number, TripTable>();
  const events = new Map<string, DrivingEventTable>();
  const daily = new Map<number, DeviceDailyTable>();
  const checkpoints: TrackCheckpointTable[] = [];

  return {
    add(f: Fix): void {
      const day = dayKey(f.t);
      if (!track.last || dayKey(track.last.t) !== day) checkpoints.push({ device_id: deviceId, day, state: JSON.stringify(track) });
      const step = advance(track, f);
      track = step.state;
      for (const s of [step.closedStop, step.openStop]) {
        if (s) stops.set(s.start, { device_id: deviceId, start_time: s.start, end_time: s.end, lng: s.lng, lat: s.lat, closed: s === step.closedStop ? 1 : 0 });
      }
      const t = step.closedTrip;
      if (t) {
        trips.set(t.start, {
          device_id: deviceId, start_time: t.start, end_time: t.end, start_lng: t.startLng, start_lat: t.startLat,
          end_lng: t.endLng, end_lat: t.endLat, distance_m: t.distanceM, max_speed: t.maxSpeed,
        });
      }
      for (const e of step.events) {
        events.set(`${e.kind}:${e.start}`, { device_id: deviceId, kind: e.kind, start_time: e.start, end_time: e.end, lng: e.lng, lat: e.lat, value: e.value });
      }
      const o = step.offlineMove;
      if (o) {
        events.set(`${OFFLINE_MOVE_EVENT}:${o.start}`, { device_id: deviceId, kind: OFFLINE_MOVE_EVENT, start_time: o.start, end_time: o.end, lng: o.toLng, lat: o.toLat, value: o.distanceM });
      }
      let d = daily.get(step.daily.day);
      if (!d) daily.set(step.daily.day, (d = zeroDaily(deviceId, step.daily.day)));
      addDelta(d, step.daily);
    },
    get track(): TrackState {
      return track;
    },
    rows(): DerivedRows {
      return { stops: [...stops.values()], trips: [...trips.values()], events: [...events.values()], daily: [...daily.values()], checkpoints };
    },
  };
}
