import { sql, type Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/**
 * Per-model alarm mapping (issue 30). `alarm_mapping`: a terminal model's reserved alarm-word bit or
 * additional item id, and the alarm type (100–103) it means. `model_alarms` on `position` and
 * `device_status`: the mapped alarms a report carried, as a mask (bit i = type 100 + i), worked out
 * once when the report is received, so a later change of the mapping leaves stored reports as they
 * were judged, and the engine judging a day again reads the same alarms from the rows.
 *
 * Seeded here, so an existing database and an empty one get the same rows: the demo's wired models
 * read as traccar's huabao decoder reads them (15 vibration, 16–17 tampering, 17 taken as the case),
 * the wireless ones raise case opened on bit 17 and light sensor by vendor item 0xE3.
 */
export const SEEDED_ALARM_MAPPING: readonly { model: string; source: 'bit' | 'item'; code: number; alarm_type: number }[] = [
  ...['GT06N', 'JM-VL03', 'KM-02'].flatMap((model) => [
    { model, source: 'bit' as const, code: 16, alarm_type: 100 },
    { model, source: 'bit' as const, code: 17, alarm_type: 102 },
    { model, source: 'bit' as const, code: 15, alarm_type: 103 },
  ]),
  ...['AT4', 'ZX-W20', 'LK-900'].flatMap((model) => [
    { model, source: 'bit' as const, code: 17, alarm_type: 102 },
    { model, source: 'item' as const, code: 0xe3, alarm_type: 101 },
  ]),
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('alarm_mapping')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('model', 'varchar(40)', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('alarm_type', 'integer', (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('alarm_mapping_model_source_code', ['model', 'source', 'code'])
    .execute();
  // On PostgreSQL `position` is partitioned by day (016): the column reaches every partition; a constant default rewrites none.
  await db.schema.alterTable('position').addColumn('model_alarms', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('device_status').addColumn('model_alarms', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const now = Date.now();
  await db.insertInto('alarm_mapping').values(SEEDED_ALARM_MAPPING.map((r) => ({ ...r, updated_at: now }))).execute();
  // A device whose mapped bit is on at the upgrade keeps its open alarm: its next report is no new edge.
  for (const r of SEEDED_ALARM_MAPPING) {
    if (r.source !== 'bit') continue;
    await sql`update device_status set model_alarms = model_alarms | ${1 << (r.alarm_type - 100)}
      where (alarm_word & ${2 ** r.code}) <> 0 and device_id in (select id from device where model = ${r.model})`.execute(db);
  }
  // Before, bits 16–17 were all read as tampering (100). Where the mapping now reads the bit on as case
  // opened (bit 17 of the wireless models), the open alarm becomes that; where it reads none, it ends now.
  await sql`update device_alarm set alarm_type = 102 where alarm_type = 100 and end_time is null
    and device_id in (select device_id from device_status where (model_alarms & 1) = 0 and (model_alarms & 4) <> 0)`.execute(db);
  await sql`update device_alarm set end_time = ${now} where alarm_type = 100 and end_time is null
    and device_id in (select device_id from device_status where (model_alarms & 1) = 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_status').dropColumn('model_alarms').execute();
  await db.schema.alterTable('position').dropColumn('model_alarms').execute();
  await db.schema.dropTable('alarm_mapping').execute();
}
