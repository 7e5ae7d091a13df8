import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { dayStart, ensurePositionPartitions, PARTITION_DAYS_AHEAD } from './position-partitions.js';

const DAY = 86_400_000;

/** PostgreSQL keeps positions by local day; SQLite has nothing of it. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('positions partitioned by day on PostgreSQL', () => {
  let h: DatabaseHandle;
  const now = Date.now();
  const row = (gps_time: number, lng = 120.1) => ({
    device_id: 1, gps_time, lng, lat: 30.2, speed: 0, direction: 0, altitude: 0, acc: 0, fix_type: 1, alarm_word: 0, status_word: 0, received_at: now,
  });
  const insert = (gps_time: number, lng?: number) => h.db.insertInto('position').values(row(gps_time, lng)).onConflict((oc) => oc.columns(['device_id', 'gps_time']).doNothing()).execute();
  const whereIs = async (gps_time: number) =>
    (await sql<{ p: string }>`select tableoid::regclass::text as p from position where device_id = 1 and gps_time = ${gps_time}`.execute(h.db)).rows.map((r) => r.p.replace(/^.*\./, ''));
  const dayName = (ms: number) => `position_d${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '')}`;

  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps each day ahead in its own partition, and what came before in the table as it was', async () => {
    const tomorrow = dayStart(now) + DAY;
    await insert(tomorrow + 5 * 3_600_000);
    await insert(now - 400 * DAY);
    expect(await whereIs(tomorrow + 5 * 3_600_000)).toEqual([dayName(tomorrow)]);
    expect(await whereIs(now - 400 * DAY)).toEqual(['position_before']);
    // The (device, time) key holds across partitions: a resent fix is stored once.
    await insert(tomorrow + 5 * 3_600_000, 121);
    expect((await h.db.selectFrom('position').select('lng').where('gps_time', '=', tomorrow + 5 * 3_600_000).execute())).toEqual([{ lng: 120.1 }]);
  });

  it('never refuses a fix for want of a partition, and makes the days ahead once, skipping a day the default already holds', async () => {
    const far = dayStart(now) + 30 * DAY;
    await insert(far + 3_600_000);
    expect(await whereIs(far + 3_600_000)).toEqual(['position_default']);
    const created = await ensurePositionPartitions(h.db, far - 2 * DAY);
    expect(created).toHaveLength(PARTITION_DAYS_AHEAD);
    expect(created).not.toContain(dayName(far));
    expect(created).toContain(dayName(far + DAY));
    expect(await ensurePositionPartitions(h.db, far - 2 * DAY)).toEqual([]);
    // The fix the default caught is still found.
    expect(await whereIs(far + 3_600_000)).toEqual(['position_default']);
  });
});
