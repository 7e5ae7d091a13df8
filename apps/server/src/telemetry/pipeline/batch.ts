import { DeviceKind } from '@cvrisk/contracts';
import type {
  DeviceAlarmTable, DeviceDailyTable, DeviceStatusTable, DeviceTrackStateTable, PositionTable, StopTable, TripTable,
} from '../../db/schema.js';
import { advance, type TrackState } from '../derive/track-state.js';
import { alarmEdges } from './alarm-edges.js';
import type { DeviceEntry } from './device-cache.js';
import type { IncomingPosition } from './incoming.js';

/** Everything one flush writes, in one transaction. */
export type BatchWrite = {
  positions: PositionTable[];
  statuses: DeviceStatusTable[];
  alarmsOpened: Omit<DeviceAlarmTable, 'id'>[];
  alarmsClosed: { device_id: number; alarm_type: number; end_time: number }[];
  stops: StopTable[];
  trips: TripTable[];
  /** Amounts to add to each (device, day). */
  daily: DeviceDailyTable[];
  trackStates: DeviceTrackStateTable[];
};

/** A device's state after the batch, applied to the cache once the batch is committed. */
export type EntryUpdate = { entry: DeviceEntry; lastTime: number; alarmWord: number; track: TrackState };

export type Queued = { p: IncomingPosition; device: DeviceEntry; receivedAt: number };

function positionRow(q: Queued): PositionTable {
  const p = q.p;
  return {
    device_id: q.device.id, gps_time: p.gpsTime, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction,
    altitude: p.altitude, acc: p.acc, mileage: p.mileageKm ?? null, satellites: p.satellites ?? null, signal: p.signal ?? null,
    battery: p.battery ?? null, fix_type: p.fixType ?? 1, alarm_word: p.alarmWord ?? 0, status_word: p.statusWord ?? 0, received_at: q.receivedAt,
  };
}

/**
 * Turns queued positions into one write. Positions newer than the device's last advance its latest
 * state, alarms and derived track; older ones (late or duplicate) are stored and change nothing else,
 * so the latest position never moves backwards.
 */
export function buildBatch(items: Queued[]): { write: BatchWrite; updates: EntryUpdate[]; rowOf: number[] } {
  const order = items.map((q, i) => ({ q, i })).sort((a, b) => a.q.device.id - b.q.device.id || a.q.p.gpsTime - b.q.p.gpsTime);
  const write: BatchWrite = { positions: [], statuses: [], alarmsOpened: [], alarmsClosed: [], stops: [], trips: [], daily: [], trackStates: [] };
  const updates: EntryUpdate[] = [];
  // Index into write.positions for every item; items repeating a (device, time) share the first one's row.
  const rowOf = new Array<number>(items.length);
  const daily = new Map<string, DeviceDailyTable>();

  let k = 0;
  while (k < order.length) {
    const device = order[k]!.q.device;
    let lastTime = device.lastTime;
    let alarmWord = device.alarmWord;
    let track = device.track;
    let newest: Queued | null = null;
    const stops = new Map<number, StopTable>();
    let prevTime = -1;
    for (; k < order.length && order[k]!.q.device === device; k++) {
      const { q, i } = order[k]!;
      if (q.p.gpsTime === prevTime) {
        rowOf[i] = write.positions.length - 1;
        continue;
      }
      prevTime = q.p.gpsTime;
      rowOf[i] = write.positions.length;
      write.positions.push(positionRow(q));
      if (lastTime !== null && q.p.gpsTime <= lastTime) continue;

      lastTime = q.p.gpsTime;
      newest = q;
      const word = q.p.alarmWord ?? 0;
      if (word !== alarmWord) {
        const edges = alarmEdges(alarmWord, word, device.model);
        for (const t of edges.opened) write.alarmsOpened.push({ dept_id: device.deptId, device_id: device.id, alarm_type: t, start_time: q.p.gpsTime, end_time: null, lng: q.p.lng, lat: q.p.lat });
        for (const t of edges.closed) write.alarmsClosed.push({ device_id: device.id, alarm_type: t, end_time: q.p.gpsTime });
        alarmWord = word;
      }
      // Stops and trips need a steady stream of fixes: wireless trackers report a few times a day.
      if (device.kind !== DeviceKind.wired) continue;
      const step = advance(track, { t: q.p.gpsTime, lng: q.p.lng, lat: q.p.lat, speed: q.p.speed, acc: q.p.acc, mileageKm: q.p.mileageKm ?? null });
      track = step.state;
      if (step.closedStop) stops.set(step.closedStop.start, { device_id: device.id, start_time: step.closedStop.start, end_time: step.closedStop.end, lng: step.closedStop.lng, lat: step.closedStop.lat, closed: 1 });
      if (step.openStop) stops.set(step.openStop.start, { device_id: device.id, start_time: step.openStop.start, end_time: step.openStop.end, lng: step.openStop.lng, lat: step.openStop.lat, closed: 0 });
      if (step.closedTrip) {
        const t = step.closedTrip;
        write.trips.push({ device_id: device.id, start_time: t.start, end_time: t.end, start_lng: t.startLng, start_lat: t.startLat, end_lng: t.endLng, end_lat: t.endLat, distance_m: t.distanceM, max_speed: t.maxSpeed });
      }
      const key = `${device.id}:${step.daily.day}`;
      const d = daily.get(key);
      if (d) {
        d.mileage_m += step.daily.mileageM;
        d.acc_on_ms += step.daily.accOnMs;
        d.acc_on_count += step.daily.accOnCount;
        d.fixes += 1;
        d.max_speed = Math.max(d.max_speed, step.daily.maxSpeed);
      } else {
        daily.set(key, { device_id: device.id, day: step.daily.day, mileage_m: step.daily.mileageM, acc_on_ms: step.daily.accOnMs, acc_on_count: step.daily.accOnCount, fixes: 1, max_speed: step.daily.maxSpeed });
      }
    }
    write.stops.push(...stops.values());
    if (newest) {
      const p = newest.p;
      write.statuses.push({
        device_id: device.id, last_time: p.gpsTime, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, altitude: p.altitude,
        acc: p.acc, battery: p.battery ?? null, signal: p.signal ?? null, satellites: p.satellites ?? null, mileage: p.mileageKm ?? null,
        alarm_word: alarmWord, status_word: p.statusWord ?? 0, updated_at: newest.receivedAt,
      });
      if (device.kind === DeviceKind.wired) write.trackStates.push({ device_id: device.id, state: JSON.stringify(track) });
      updates.push({ entry: device, lastTime: lastTime!, alarmWord, track });
    }
  }
  write.daily.push(...daily.values());
  return { write, updates, rowOf };
}
