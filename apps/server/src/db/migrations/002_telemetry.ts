import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/** What the pipeline derives as positions arrive (server-behaviour §8–9), and its per-device state. */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createTable('stop')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('start_time', TIME, (c) => c.notNull())
    .addColumn('end_time', TIME, (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('closed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stop_pk', ['device_id', 'start_time'])
    .execute();
  await s.createTable('trip')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('start_time', TIME, (c) => c.notNull())
    .addColumn('end_time', TIME, (c) => c.notNull())
    .addColumn('start_lng', 'double precision', (c) => c.notNull())
    .addColumn('start_lat', 'double precision', (c) => c.notNull())
    .addColumn('end_lng', 'double precision', (c) => c.notNull())
    .addColumn('end_lat', 'double precision', (c) => c.notNull())
    .addColumn('distance_m', 'double precision', (c) => c.notNull())
    .addColumn('max_speed', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('trip_pk', ['device_id', 'start_time'])
    .execute();
  await s.createTable('device_daily')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('mileage_m', 'double precision', (c) => c.notNull())
    .addColumn('acc_on_ms', TIME, (c) => c.notNull())
    .addColumn('acc_on_count', 'integer', (c) => c.notNull())
    .addColumn('fixes', 'integer', (c) => c.notNull())
    .addColumn('max_speed', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_daily_pk', ['device_id', 'day'])
    .execute();
  // The message serial a command went out with: the terminal's answer names it.
  await s.alterTable('device_command').addColumn('serial', 'integer').execute();
  await s.createTable('device_track_state')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['device_track_state', 'device_daily', 'trip', 'stop']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('device_command').dropColumn('serial').execute();
}
