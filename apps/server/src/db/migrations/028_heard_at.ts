import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * Device states that tell the truth (issue 30): `device_status.heard_at`, the server's time of the
 * terminal's latest message of any kind (a heartbeat, a command's answer, a position), so a parked
 * car whose terminal only sends heartbeats is online; `heard_since`, when the terminal's current run
 * of messages began (no pause longer than a wired device's grace), so the offline rule can tell a
 * car heard all along from one that just came back. Both null until the gateway hears the terminal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_status').addColumn('heard_at', TIME).execute();
  await db.schema.alterTable('device_status').addColumn('heard_since', TIME).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_status').dropColumn('heard_since').execute();
  await db.schema.alterTable('device_status').dropColumn('heard_at').execute();
}
