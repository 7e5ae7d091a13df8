import { sql, type Kysely } from 'kysely';
import { isSqlite, TIME } from '../dialect.js';

/**
 * Derived rows written per device at most once a minute (issue 33): `device_track_state.derived_to`
 * is the durable mark of how far a device is derived, the time of the newest fix its stops, trips,
 * events, daily figures and track state include. Positions after it were stored but not yet derived:
 * the next start derives them again. The mark is also what a write of the derived rows compares
 * against (only the process that read it may advance it). Until now the state's own newest fix was
 * that mark, so existing rows take it from there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_track_state').addColumn('derived_to', TIME).execute();
  if (isSqlite(db)) await sql`update device_track_state set derived_to = json_extract(state, '$.last.t')`.execute(db);
  else await sql`update device_track_state set derived_to = (state::json -> 'last' ->> 't')::bigint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_track_state').dropColumn('derived_to').execute();
}
