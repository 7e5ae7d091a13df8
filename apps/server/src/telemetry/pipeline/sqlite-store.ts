import type Database from 'better-sqlite3';
import { outsideTransactions } from '../../db/sqlite-writer.js';
import type { WalCheckpointer } from '../../db/wal-checkpointer.js';
import { DAILY_COLUMNS, DAILY_SUMS } from '../derive/derived-columns.js';
import { pendingJudgements, pendingReplays, type BatchWrite } from './batch.js';
import { DerivedMarkMoved, type TelemetryStore } from './telemetry-store.js';

const POSITION_COLUMNS = [
  'device_id', 'gps_time', 'lng', 'lat', 'speed', 'direction', 'altitude', 'acc', 'mileage', 'satellites', 'signal',
  'battery', 'fix_type', 'alarm_word', 'status_word', 'received_at', 'model_alarms',
] as const;
const STATUS_COLUMNS = [
  'device_id', 'last_time', 'lng', 'lat', 'speed', 'direction', 'altitude', 'acc', 'battery', 'signal', 'satellites',
  'mileage', 'alarm_word', 'status_word', 'updated_at', 'model_alarms',
] as const;

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * The hot path on SQLite: cached prepared statements inside one synchronous transaction of its own.
 * Kysely doubles the cost of bulk inserts here; a synchronous transaction cannot interleave with any
 * other query on the shared connection, and it waits for one of Kysely's to end rather than join it.
 */
export function createSqliteTelemetryStore(sqlite: Database.Database, checkpointer?: WalCheckpointer): TelemetryStore {
  const insertPosition = sqlite.prepare(
    `insert or ignore into position (${POSITION_COLUMNS.join(', ')}) values (${placeholders(POSITION_COLUMNS.length)})`,
  );
  const upsertStatus = sqlite.prepare(
    `insert into device_status (${STATUS_COLUMNS.join(', ')}) values (${placeholders(STATUS_COLUMNS.length)})
     on conflict(device_id) do update set ${STATUS_COLUMNS.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')}`,
  );
  const openAlarm = sqlite.prepare(
    'insert into device_alarm (dept_id, device_id, alarm_type, start_time, end_time, lng, lat) values (?, ?, ?, ?, null, ?, ?)',
  );
  const closeAlarm = sqlite.prepare('update device_alarm set end_time = ? where device_id = ? and alarm_type = ? and end_time is null');
  const upsertStop = sqlite.prepare(
    `insert into stop (device_id, start_time, end_time, lng, lat, closed) values (?, ?, ?, ?, ?, ?)
     on conflict(device_id, start_time) do update set end_time = excluded.end_time, closed = excluded.closed`,
  );
  const insertTrip = sqlite.prepare(
    `insert into trip (device_id, start_time, end_time, start_lng, start_lat, end_lng, end_lat, distance_m, max_speed)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict(device_id, start_time) do update set end_time = excluded.end_time,
       end_lng = excluded.end_lng, end_lat = excluded.end_lat, distance_m = excluded.distance_m, max_speed = excluded.max_speed`,
  );
  const addDaily = sqlite.prepare(
    `insert into device_daily (${DAILY_COLUMNS.join(', ')}) values (${placeholders(DAILY_COLUMNS.length)})
     on conflict(device_id, day) do update set ${DAILY_SUMS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')},
       max_speed = max(max_speed, excluded.max_speed)`,
  );
  const upsertEvent = sqlite.prepare(
    `insert into driving_event (device_id, kind, start_time, end_time, lng, lat, value) values (?, ?, ?, ?, ?, ?, ?)
     on conflict(device_id, kind, start_time) do update set end_time = excluded.end_time, value = excluded.value`,
  );
  const markPending = sqlite.prepare(
    'insert into derive_pending (device_id, from_day) values (?, ?) on conflict(device_id) do update set from_day = min(from_day, excluded.from_day)',
  );
  const markJudgement = sqlite.prepare(
    'insert into engine_pending (device_id, from_time) values (?, ?) on conflict(device_id) do update set from_time = min(from_time, excluded.from_time)',
  );
  const addCheckpoint = sqlite.prepare('insert into track_checkpoint (device_id, day, state) values (?, ?, ?) on conflict(device_id, day) do nothing');
  // Only over the mark this process read: `is` compares null as a value.
  const upsertTrack = sqlite.prepare(
    `insert into device_track_state (device_id, state, derived_to) values (?, ?, ?) on conflict(device_id)
     do update set state = excluded.state, derived_to = excluded.derived_to where device_track_state.derived_to is ?`,
  );

  const writeAll = sqlite.transaction((b: BatchWrite): boolean[] => {
    const inserted = b.positions.map(
      (p) =>
        insertPosition.run(p.device_id, p.gps_time, p.lng, p.lat, p.speed, p.direction, p.altitude, p.acc, p.mileage, p.satellites, p.signal,
          p.battery, p.fix_type, p.alarm_word, p.status_word, p.received_at, p.model_alarms).changes === 1,
    );
    for (const s of b.statuses) upsertStatus.run(STATUS_COLUMNS.map((c) => s[c]));
    for (const a of b.alarmsClosed) closeAlarm.run(a.end_time, a.device_id, a.alarm_type);
    for (const a of b.alarmsOpened) openAlarm.run(a.dept_id, a.device_id, a.alarm_type, a.start_time, a.lng, a.lat);
    for (const s of b.stops) upsertStop.run(s.device_id, s.start_time, s.end_time, s.lng, s.lat, s.closed);
    for (const t of b.trips) insertTrip.run(t.device_id, t.start_time, t.end_time, t.start_lng, t.start_lat, t.end_lng, t.end_lat, t.distance_m, t.max_speed);
    for (const d of b.daily) addDaily.run(DAILY_COLUMNS.map((c) => d[c]));
    for (const e of b.events) upsertEvent.run(e.device_id, e.kind, e.start_time, e.end_time, e.lng, e.lat, e.value);
    for (const c of b.checkpoints) addCheckpoint.run(c.device_id, c.day, c.state);
    const moved = b.trackStates.filter((t) => upsertTrack.run(t.device_id, t.state, t.derived_to, t.expected).changes === 0);
    if (moved.length) throw new DerivedMarkMoved(moved.map((t) => t.device_id));
    for (const p of pendingReplays(b.late, inserted)) markPending.run(p.device_id, p.from_day);
    for (const p of pendingJudgements(b.positions, b.late, inserted)) markJudgement.run(p.device_id, p.from_time);
    return inserted;
  });

  return {
    write: async (batch) => {
      // Stream offsets come only from scale-mode workers, whose leases and offsets live in PostgreSQL.
      if (batch.offsets.length) throw new Error('Stream offsets cannot be committed to SQLite: scale mode needs PostgreSQL (set DATABASE_URL)');
      await checkpointer?.beforeWrite();
      await outsideTransactions(sqlite);
      return writeAll(batch);
    },
  };
}
