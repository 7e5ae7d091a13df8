import { sql, type Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/** Daily figures the reports read (server-behaviour §9), added beside the mileage and ignition ones. */
export const DAILY_COUNTERS = [
  ['harsh_acc', 'integer'], ['harsh_brake', 'integer'], ['speeding', 'integer'], ['fatigue', 'integer'],
  ['drive_ms', TIME], ['night_drive_ms', TIME], ['night_mileage_m', 'double precision'],
  ['trips', 'integer'], ['trip_ms', TIME], ['trip_m', 'double precision'],
  ['stops', 'integer'], ['stop_ms', TIME], ['stops_night', 'integer'], ['stops_morning', 'integer'], ['stops_day', 'integer'], ['stops_evening', 'integer'],
] as const;

/**
 * Reports (issue 15): driving events, the daily counters every report sums instead of scanning
 * positions, the track state at the start of each day (so a late fix replays one device from that
 * day, not from its first fix), and who fitted each device (installer statistics).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createTable('driving_event')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('start_time', TIME, (c) => c.notNull())
    .addColumn('end_time', TIME, (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    /** m/s² for harsh acceleration and braking, the top km/h for speeding, hours driven for fatigue. */
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('driving_event_pk', ['device_id', 'kind', 'start_time'])
    .execute();
  for (const [name, type] of DAILY_COUNTERS) {
    await s.alterTable('device_daily').addColumn(name, type, (c) => c.notNull().defaultTo(0)).execute();
  }
  await s.createTable('track_checkpoint')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('track_checkpoint_pk', ['device_id', 'day'])
    .execute();
  // Devices whose late fixes wait for a replay, written with the fixes so a crash does not forget them.
  await s.createTable('derive_pending')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('from_day', 'integer', (c) => c.notNull())
    .execute();
  // Reports walk a period across the fleet: by day, and stops by their start.
  await s.createIndex('device_daily_day').on('device_daily').columns(['day', 'device_id']).execute();
  // With the device, a period's stops of some dealers are counted on the index alone.
  await s.createIndex('stop_start').on('stop').columns(['start_time', 'device_id']).execute();
  await s.alterTable('device').addColumn('installer_dept_id', 'integer').execute();
  // Devices fitted before install orders were recorded: the institution's installer company, when it has just one.
  await sql`
    update device set installer_dept_id = (
      select min(i.id) from dept dealer join dept i on i.parent_id = dealer.parent_id and i.kind = 'installer'
      where dealer.id = device.dept_id having count(*) = 1)
    where installer_dept_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device').dropColumn('installer_dept_id').execute();
  await db.schema.dropIndex('stop_start').execute();
  await db.schema.dropIndex('device_daily_day').execute();
  for (const t of ['derive_pending', 'track_checkpoint', 'driving_event']) await db.schema.dropTable(t).ifExists().execute();
  for (const [name] of DAILY_COUNTERS) await db.schema.alterTable('device_daily').dropColumn(name).execute();
}
