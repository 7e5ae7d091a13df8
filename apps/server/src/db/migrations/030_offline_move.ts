import { sql, type Kysely } from 'kysely';

/**
 * Figures an operator can reconcile (issue 31): distance across a silence is no longer mileage but an
 * offline move (离线期间位移), counted per day beside the mileage and listed among the car's events
 * (driving_event kind 5). Daily figures derived before this were counted the old way: every device
 * that has any is marked for a replay from its first fix, which the server runs when it starts (as it
 * does for late fixes) and `npm run rebuild:derived` runs at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_daily').addColumn('offline_move_m', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('device_daily').addColumn('offline_moves', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`delete from derive_pending`.execute(db);
  await sql`insert into derive_pending (device_id, from_day) select distinct device_id, 0 from device_daily`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_daily').dropColumn('offline_moves').execute();
  await db.schema.alterTable('device_daily').dropColumn('offline_move_m').execute();
}
