import type { Kysely } from 'kysely';

/**
 * 里程报表 sorted by a figure (issue 33): each day's rows in the order of mileage, driving time or top
 * speed, then device, so a page is read from the top of each day of the period instead of sorting the
 * whole period (modules/report/daily-figure-walk.ts). The day leads so that a car's figure changing
 * moves its entry only among today's rows, which ingest keeps in cache anyway. Newest device first
 * within a figure, as the report breaks ties: read forwards the index is the ascending order exactly,
 * where idle days tie by the hundred at 0; read backwards only the few cars sharing a top figure are
 * sorted.
 */
const INDEXES = {
  mileage_m: 'device_daily_day_mileage',
  drive_ms: 'device_daily_day_drive',
  max_speed: 'device_daily_day_speed',
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [figure, name] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('device_daily').columns(['day', figure, 'device_id desc']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.values(INDEXES)) await db.schema.dropIndex(name).execute();
}
