import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';
import { dayStart, ensurePositionPartitions } from '../position-partitions.js';

const DAY_MS = 86_400_000;

/**
 * PostgreSQL: positions partitioned by local day (server-behaviour §11). The table as it was becomes
 * the partition of everything before tomorrow (its range proven by a check constraint, so attaching it
 * reads nothing again); each day from tomorrow on gets its own partition, made ahead by
 * `ensurePositionPartitions`; a default partition catches a row no day partition covers, so an insert
 * never fails for want of one. Old days can then be detached and archived whole.
 *
 * On a large existing table the check constraint reads it once: run this upgrade in a maintenance
 * window (docs/deploy.md). SQLite keeps its one clustered table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  const newest = (await sql<{ t: string | null }>`select max(gps_time) as t from position`.execute(db)).rows[0]?.t;
  // Fixes may run up to a day ahead of the clock: the old table keeps every day it already holds.
  const cutoff = dayStart(Math.max(Date.now(), Number(newest ?? 0))) + DAY_MS;
  await sql`alter table position rename to position_before`.execute(db);
  await sql`alter table position_before rename constraint position_pk to position_before_pk`.execute(db);
  await sql.raw(`alter table position_before add constraint position_before_range check (gps_time < ${cutoff})`).execute(db);
  await sql`create table position (like position_before including defaults) partition by range (gps_time)`.execute(db);
  await sql`alter table position add constraint position_pk primary key (device_id, gps_time)`.execute(db);
  await sql.raw(`alter table position attach partition position_before for values from (minvalue) to (${cutoff})`).execute(db);
  await sql`create table position_default partition of position default`.execute(db);
  await ensurePositionPartitions(db, cutoff);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create table position_flat (like position including defaults)`.execute(db);
  await sql`insert into position_flat select * from position`.execute(db);
  await sql`drop table position`.execute(db);
  await sql`alter table position_flat rename to position`.execute(db);
  await sql`alter table position add constraint position_pk primary key (device_id, gps_time)`.execute(db);
}
