import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSchemaChangeLock, type DatabaseHandle } from '../database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { down, SEEDED_ALARM_MAPPING, up } from './027_alarm_mapping.js';

/** Migration 027 seeds the mapping on any database, and carries the alarms open at the upgrade over to it. */
let handle: DatabaseHandle;
let db: Kysely<any>;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db as unknown as Kysely<any>;
});
afterAll(() => handle.close());

/** Schema changes outside the migrator: on PostgreSQL under the schema-change lock, as migrations do. */
const changingSchema = (work: () => Promise<void>) => (handle.kind === 'postgres' ? withSchemaChangeLock(handle.db, work) : work());

const T = Date.UTC(2026, 10, 20, 2, 0, 0);

async function deviceWithStatus(number: string, model: string, alarmWord: number, deptId: number): Promise<number> {
  const { id } = await db.insertInto('device').values({ device_number: number, kind: 1, model, iccid: '', dept_id: deptId, created_at: T }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('device_status').values({
    device_id: id, last_time: T, lng: 120.15, lat: 30.28, speed: 0, direction: 0, altitude: 0, acc: 0, alarm_word: alarmWord, status_word: 0, updated_at: T,
  }).execute();
  return id;
}

describe('migration 027 (alarm mapping)', () => {
  it('seeds the demo models on an empty database', async () => {
    const rows = await db.selectFrom('alarm_mapping').select(['model', 'source', 'code', 'alarm_type']).execute();
    expect(rows).toHaveLength(SEEDED_ALARM_MAPPING.length);
    expect(rows).toContainEqual({ model: 'LK-900', source: 'item', code: 0xe3, alarm_type: 101 });
  });

  it('on a database with devices, keeps the open alarms the mapping raises, as the type it now reads, and ends the others', async () => {
    await changingSchema(() => down(db));
    const { id: deptId } = await db.insertInto('dept').values({ parent_id: null, kind: 'platform', name: '平台', path: '/', created_at: T }).returning('id').executeTakeFirstOrThrow();
    const tampering = await deviceWithStatus('013900000027', 'GT06N', (1 << 16) | (1 << 8), deptId);
    const unmapped = await deviceWithStatus('013900000028', 'OTHER-1', 1 << 16, deptId);
    const caseOpen = await deviceWithStatus('013900000029', 'AT4', 1 << 17, deptId);
    // What the code before read bits 16–17 as: tampering, open on all three.
    await db.insertInto('device_alarm').values([tampering, unmapped, caseOpen].map((device_id) => ({ dept_id: deptId, device_id, alarm_type: 100, start_time: T, end_time: null, lng: 120.15, lat: 30.28 }))).execute();
    await changingSchema(() => up(db));
    const statuses = await db.selectFrom('device_status').select(['device_id', 'model_alarms']).orderBy('device_id').execute();
    expect(statuses).toEqual([{ device_id: tampering, model_alarms: 0b1 }, { device_id: unmapped, model_alarms: 0 }, { device_id: caseOpen, model_alarms: 0b100 }]);
    const alarms = await db.selectFrom('device_alarm').select(['device_id', 'alarm_type', 'end_time']).orderBy('device_id').execute();
    expect(alarms).toEqual([
      { device_id: tampering, alarm_type: 100, end_time: null },
      { device_id: unmapped, alarm_type: 100, end_time: expect.any(Number) },
      { device_id: caseOpen, alarm_type: 102, end_time: null },
    ]);
    expect(await db.selectFrom('alarm_mapping').select('id').execute()).toHaveLength(SEEDED_ALARM_MAPPING.length);
  });
});
