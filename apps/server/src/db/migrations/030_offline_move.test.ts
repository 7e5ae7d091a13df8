import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSchemaChangeLock, type DatabaseHandle } from '../database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { down, up } from './030_offline_move.js';

/** Migration 030 adds the offline-move figures and has every device with daily figures derived again. */
let handle: DatabaseHandle;
let db: Kysely<any>;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db as unknown as Kysely<any>;
});
afterAll(() => handle.close());

const changingSchema = (work: () => Promise<void>) => (handle.kind === 'postgres' ? withSchemaChangeLock(handle.db, work) : work());
const T = Date.UTC(2026, 10, 20, 2, 0, 0);

describe('migration 030 (offline moves)', () => {
  it('marks every device with daily figures for a replay from its first fix, and only those', async () => {
    await changingSchema(() => down(db));
    const { id: deptId } = await db.insertInto('dept').values({ parent_id: null, kind: 'platform', name: '平台', path: '/', created_at: T }).returning('id').executeTakeFirstOrThrow();
    const device = async (number: string) =>
      (await db.insertInto('device').values({ device_number: number, kind: 1, model: 'GT06N', iccid: '', dept_id: deptId, created_at: T }).returning('id').executeTakeFirstOrThrow()).id as number;
    const [derived, late, fresh] = [await device('013900000301'), await device('013900000302'), await device('013900000303')];
    const zero = { mileage_m: 0, acc_on_ms: 0, acc_on_count: 0, fixes: 1, max_speed: 0 };
    await db.insertInto('device_daily').values([{ device_id: derived, day: 20261119, ...zero }, { device_id: derived, day: 20261120, ...zero }, { device_id: late, day: 20261120, ...zero }]).execute();
    // A late fix's mark from before: replaced by the replay from the start, which covers it.
    await db.insertInto('derive_pending').values({ device_id: late, from_day: 20261120 }).execute();
    await changingSchema(() => up(db));
    const marks = await db.selectFrom('derive_pending').select(['device_id', 'from_day']).orderBy('device_id').execute();
    expect(marks).toEqual([{ device_id: derived, from_day: 0 }, { device_id: late, from_day: 0 }]);
    expect(marks.some((m) => m.device_id === fresh)).toBe(false);
    const row = await db.selectFrom('device_daily').select(['offline_move_m', 'offline_moves']).where('device_id', '=', derived).executeTakeFirstOrThrow();
    expect(row).toEqual({ offline_move_m: 0, offline_moves: 0 });
  });
});
