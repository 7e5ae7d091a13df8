import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { DAILY_SUMS } from '../derive/derived-columns.js';
import { pendingJudgements, pendingReplays, type TrackStateWrite } from './batch.js';
import { DerivedMarkMoved, type TelemetryStore, type TelemetryStoreOptions } from './telemetry-store.js';

/** PostgreSQL allows 65,535 parameters per statement; position rows have 17 columns. */
const CHUNK = 2000;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Each device's track state and mark, only over the mark this process read; throws DerivedMarkMoved
 * (rolling the transaction back) for the devices whose mark moved. A device never written before
 * (or written before marks existed) expects null.
 */
async function writeTrackStates(tx: Transaction<DB>, states: TrackStateWrite[]): Promise<void> {
  const done = new Set<number>();
  for (const part of chunks(states.filter((t) => t.expected === null), 5000)) {
    const rows = await tx.insertInto('device_track_state').values(part.map(({ expected: _, ...row }) => row))
      .onConflict((oc) => oc.column('device_id').doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), derived_to: eb.ref('excluded.derived_to') }))
        .where('device_track_state.derived_to', 'is', null))
      .returning('device_id').execute();
    for (const r of rows) done.add(r.device_id);
  }
  for (const part of chunks(states.filter((t) => t.expected !== null), 5000)) {
    const values = sql.join(part.map((t) => sql`(${t.device_id}::integer, ${t.state}::text, ${t.derived_to}::bigint, ${t.expected}::bigint)`));
    const { rows } = await sql<{ device_id: number }>`
      update device_track_state as t set state = v.state, derived_to = v.derived_to
      from (values ${values}) as v(device_id, state, derived_to, expected)
      where t.device_id = v.device_id and t.derived_to = v.expected
      returning t.device_id`.execute(tx);
    for (const r of rows) done.add(r.device_id);
  }
  const moved = states.filter((t) => !done.has(t.device_id)).map((t) => t.device_id);
  if (moved.length) throw new DerivedMarkMoved(moved);
}

/** The same writes through Kysely, for PostgreSQL; in scale mode with the batch's stream offsets. */
export function createKyselyTelemetryStore(db: Db, opts: TelemetryStoreOptions = {}): TelemetryStore {
  return {
    write: async (b) => {
      if (b.offsets.length && !opts.commitOffsets) throw new Error('A batch carries stream offsets but the telemetry store has no commitOffsets hook');
      return db.transaction().execute(async (tx) => {
        const inserted = new Set<string>();
        for (const part of chunks(b.positions)) {
          const rows = await tx.insertInto('position').values(part).onConflict((oc) => oc.columns(['device_id', 'gps_time']).doNothing()).returning(['device_id', 'gps_time']).execute();
          for (const r of rows) inserted.add(`${r.device_id}:${r.gps_time}`);
        }
        for (const part of chunks(b.statuses)) {
          await tx.insertInto('device_status').values(part).onConflict((oc) =>
            oc.column('device_id').doUpdateSet((eb) => ({
              last_time: eb.ref('excluded.last_time'), lng: eb.ref('excluded.lng'), lat: eb.ref('excluded.lat'), speed: eb.ref('excluded.speed'),
              direction: eb.ref('excluded.direction'), altitude: eb.ref('excluded.altitude'), acc: eb.ref('excluded.acc'), battery: eb.ref('excluded.battery'),
              signal: eb.ref('excluded.signal'), satellites: eb.ref('excluded.satellites'), mileage: eb.ref('excluded.mileage'),
              alarm_word: eb.ref('excluded.alarm_word'), status_word: eb.ref('excluded.status_word'), updated_at: eb.ref('excluded.updated_at'),
              model_alarms: eb.ref('excluded.model_alarms'),
            })),
          ).execute();
        }
        for (const a of b.alarmsClosed) {
          await tx.updateTable('device_alarm').set({ end_time: a.end_time }).where('device_id', '=', a.device_id).where('alarm_type', '=', a.alarm_type).where('end_time', 'is', null).execute();
        }
        if (b.alarmsOpened.length) await tx.insertInto('device_alarm').values(b.alarmsOpened).execute();
        for (const part of chunks(b.stops)) {
          await tx.insertInto('stop').values(part).onConflict((oc) =>
            oc.columns(['device_id', 'start_time']).doUpdateSet((eb) => ({ end_time: eb.ref('excluded.end_time'), closed: eb.ref('excluded.closed') })),
          ).execute();
        }
        for (const part of chunks(b.trips)) {
          await tx.insertInto('trip').values(part).onConflict((oc) =>
            oc.columns(['device_id', 'start_time']).doUpdateSet((eb) => ({
              end_time: eb.ref('excluded.end_time'), end_lng: eb.ref('excluded.end_lng'), end_lat: eb.ref('excluded.end_lat'),
              distance_m: eb.ref('excluded.distance_m'), max_speed: eb.ref('excluded.max_speed'),
            })),
          ).execute();
        }
        for (const part of chunks(b.events)) {
          await tx.insertInto('driving_event').values(part).onConflict((oc) =>
            oc.columns(['device_id', 'kind', 'start_time']).doUpdateSet((eb) => ({ end_time: eb.ref('excluded.end_time'), value: eb.ref('excluded.value') })),
          ).execute();
        }
        for (const part of chunks(b.checkpoints)) {
          await tx.insertInto('track_checkpoint').values(part).onConflict((oc) => oc.columns(['device_id', 'day']).doNothing()).execute();
        }
        for (const part of chunks(b.daily)) {
          await tx.insertInto('device_daily').values(part).onConflict((oc) =>
            oc.columns(['device_id', 'day']).doUpdateSet({
              ...Object.fromEntries(DAILY_SUMS.map((c) => [c, sql`device_daily.${sql.ref(c)} + excluded.${sql.ref(c)}`])),
              max_speed: sql`greatest(device_daily.max_speed, excluded.max_speed)`,
            }),
          ).execute();
        }
        await writeTrackStates(tx, b.trackStates);
        const result = b.positions.map((p) => inserted.has(`${p.device_id}:${p.gps_time}`));
        const pending = pendingReplays(b.late, result);
        if (pending.length) {
          await tx.insertInto('derive_pending').values(pending).onConflict((oc) =>
            oc.column('device_id').doUpdateSet({ from_day: sql`least(derive_pending.from_day, excluded.from_day)` }),
          ).execute();
        }
        const judgements = pendingJudgements(b.positions, b.late, result);
        if (judgements.length) {
          await tx.insertInto('engine_pending').values(judgements).onConflict((oc) =>
            oc.column('device_id').doUpdateSet({ from_time: sql`least(engine_pending.from_time, excluded.from_time)` }),
          ).execute();
        }
        // Last: the partition rows it locks are what lease renewals and claims wait on, so they stay
        // locked only for the commit itself. A lost lease is rare; wasting the batch's writes then is cheap.
        if (b.offsets.length) await opts.commitOffsets?.(tx, b.offsets);
        return result;
      });
    },
  };
}
