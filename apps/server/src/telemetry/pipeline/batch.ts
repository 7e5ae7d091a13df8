import { dayKey, DeviceKind } from '@cvrisk/contracts';
import type { DerivePendingTable, DeviceAlarmTable, EnginePendingTable, DeviceStatusTable, DeviceTrackStateTable, PositionTable } from '../../db/schema.js';
import { createDeviceDeriver, emptyDerivedRows, type DerivedRows } from '../derive/device-deriver.js';
import type { TrackState } from '../derive/track-state.js';
import { alarmEdges, type Alarms } from './alarm-edges.js';
import { modelAlarmsOf, NO_MAPPING, type AlarmMapping } from './alarm-mapping.js';
import type { DeviceEntry } from './device-cache.js';
import type { IncomingPosition } from './incoming.js';

/** Everything one flush writes, in one transaction. */
export type BatchWrite = DerivedRows & {
  positions: PositionTable[];
  // The gateway keeps `heard_at` and `heard_since`: a position's write leaves them as they are.
  statuses: Omit<DeviceStatusTable, 'heard_at' | 'heard_since'>[];
  alarmsOpened: Omit<DeviceAlarmTable, 'id'>[];
  alarmsClosed: { device_id: number; alarm_type: number; end_time: number }[];
  /** Written with the derived rows they follow; only over the mark the database still holds (`expected`). */
  trackStates: TrackStateWrite[];
  /** Fixes older than their device's newest: those stored as new mark their device for a replay (derive_pending). */
  late: LateFix[];
  /** Scale mode: per stream partition, the highest sequence this batch covers; committed with it. Empty otherwise. */
  offsets: StreamOffset[];
};

/** Where a submission came from in the position stream (a worker in scale mode). */
export type StreamOffset = { partition: number; seq: number };

/** A position older than its device's newest, by its row in `positions`. */
export type LateFix = { row: number; deviceId: number; day: number };

/** A device's derivation state written with its derived rows, from the mark `expected` to `derived_to`. */
export type TrackStateWrite = DeviceTrackStateTable & { expected: number | null };

/**
 * A device's state after the batch, applied to the cache once the batch is committed; `rows`: what
 * the batch's fixes derived (null for a device that derives nothing), for the pipeline to write now
 * or keep waiting.
 */
export type EntryUpdate = { entry: DeviceEntry; lastTime: number; alarms: Alarms; track: TrackState; rows: DerivedRows | null };

export type Queued = { p: IncomingPosition; device: DeviceEntry; receivedAt: number };

function positionRow(q: Queued, modelAlarms: number): PositionTable {
  const p = q.p;
  return {
    device_id: q.device.id, gps_time: p.gpsTime, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction,
    altitude: p.altitude, acc: p.acc, mileage: p.mileageKm ?? null, satellites: p.satellites ?? null, signal: p.signal ?? null,
    battery: p.battery ?? null, fix_type: p.fixType ?? 1, alarm_word: p.alarmWord ?? 0, status_word: p.statusWord ?? 0, received_at: q.receivedAt,
    model_alarms: modelAlarms,
  };
}

/** Per device, the oldest of its late fixes stored as new: the engine judges the device again from there (engine_pending). */
export function pendingJudgements(positions: readonly PositionTable[], late: LateFix[], inserted: boolean[]): EnginePendingTable[] {
  const from = new Map<number, number>();
  for (const l of late) {
    if (!inserted[l.row]) continue;
    const t = positions[l.row]!.gps_time;
    from.set(l.deviceId, Math.min(t, from.get(l.deviceId) ?? t));
  }
  return [...from].map(([device_id, from_time]) => ({ device_id, from_time }));
}

/** The devices to replay and from which day, for the late fixes that were new. */
export function pendingReplays(late: LateFix[], inserted: boolean[]): DerivePendingTable[] {
  const from = new Map<number, number>();
  for (const l of late) if (inserted[l.row]) from.set(l.deviceId, Math.min(l.day, from.get(l.deviceId) ?? l.day));
  return [...from].map(([device_id, from_day]) => ({ device_id, from_day }));
}

/**
 * Turns queued positions into one write. Positions newer than the device's last advance its latest
 * state, alarms and derived track (the derived rows come back per device, not in the write); older ones (late or duplicate) are stored and change nothing else
 * here, so the latest position never moves backwards; the late ones are named for a replay. The
 * model's alarm mapping is applied to every position here, once, and stored with it.
 */
export function buildBatch(items: Queued[], mapping: AlarmMapping = NO_MAPPING): { write: BatchWrite; updates: EntryUpdate[]; rowOf: number[] } {
  const order = items.map((q, i) => ({ q, i })).sort((a, b) => a.q.device.id - b.q.device.id || a.q.p.gpsTime - b.q.p.gpsTime);
  const write: BatchWrite = { ...emptyDerivedRows(), positions: [], statuses: [], alarmsOpened: [], alarmsClosed: [], trackStates: [], late: [], offsets: [] };
  const updates: EntryUpdate[] = [];
  // Index into write.positions for every item; items repeating a (device, time) share the first one's row.
  const rowOf = new Array<number>(items.length);

  let k = 0;
  while (k < order.length) {
    const device = order[k]!.q.device;
    let lastTime = device.lastTime;
    let alarms: Alarms = { word: device.alarmWord, model: device.modelAlarms };
    let newest: Queued | null = null;
    // Stops and trips need a steady stream of fixes: wireless trackers report a few times a day.
    const deriver = device.kind === DeviceKind.wired ? createDeviceDeriver(device.id, device.track) : null;
    let prevTime = -1;
    for (; k < order.length && order[k]!.q.device === device; k++) {
      const { q, i } = order[k]!;
      if (q.p.gpsTime === prevTime) {
        rowOf[i] = write.positions.length - 1;
        continue;
      }
      prevTime = q.p.gpsTime;
      rowOf[i] = write.positions.length;
      const word = q.p.alarmWord ?? 0;
      const carried: Alarms = { word, model: modelAlarmsOf(mapping, device.model, word, q.p.alarmItems) };
      write.positions.push(positionRow(q, carried.model));
      if (lastTime !== null && q.p.gpsTime <= lastTime) {
        if (deriver && q.p.gpsTime < lastTime) write.late.push({ row: rowOf[i]!, deviceId: device.id, day: dayKey(q.p.gpsTime) });
        continue;
      }

      lastTime = q.p.gpsTime;
      newest = q;
      if (carried.word !== alarms.word || carried.model !== alarms.model) {
        const edges = alarmEdges(alarms, carried);
        for (const t of edges.opened) write.alarmsOpened.push({ dept_id: device.deptId, device_id: device.id, alarm_type: t, start_time: q.p.gpsTime, end_time: null, lng: q.p.lng, lat: q.p.lat });
        for (const t of edges.closed) write.alarmsClosed.push({ device_id: device.id, alarm_type: t, end_time: q.p.gpsTime });
        alarms = carried;
      }
      deriver?.add({ t: q.p.gpsTime, lng: q.p.lng, lat: q.p.lat, speed: q.p.speed, acc: q.p.acc, mileageKm: q.p.mileageKm ?? null });
    }
    if (newest) {
      const p = newest.p;
      write.statuses.push({
        device_id: device.id, last_time: p.gpsTime, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, altitude: p.altitude,
        acc: p.acc, battery: p.battery ?? null, signal: p.signal ?? null, satellites: p.satellites ?? null, mileage: p.mileageKm ?? null,
        alarm_word: alarms.word, status_word: p.statusWord ?? 0, updated_at: newest.receivedAt, model_alarms: alarms.model,
      });
    }
    if (newest) updates.push({ entry: device, lastTime: lastTime!, alarms, track: deriver?.track ?? device.track, rows: deriver?.rows() ?? null });
  }
  return { write, updates, rowOf };
}
