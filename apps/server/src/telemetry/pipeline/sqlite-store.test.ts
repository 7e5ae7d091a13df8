import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { emptyDerivedRows } from '../derive/device-deriver.js';
import type { BatchWrite } from './batch.js';
import { createSqliteTelemetryStore } from './sqlite-store.js';

/**
 * On SQLite the hot path and Kysely share one connection. A Kysely transaction awaits between its
 * statements (a loan or stock import checks its rows in between), so a batch written meanwhile would
 * become part of it — and vanish, already acknowledged to its terminal, if that transaction rolled back.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const T = Date.UTC(2026, 10, 28, 2, 0, 0);
function batchOf(deviceId: number): BatchWrite {
  const position = {
    device_id: deviceId, gps_time: T, lng: 120.15, lat: 30.28, speed: 0, direction: 0, altitude: 0, acc: 0, mileage: null, satellites: null,
    signal: null, battery: null, fix_type: 1, alarm_word: 0, status_word: 0, received_at: T, model_alarms: 0,
  };
  return { ...emptyDerivedRows(), positions: [position], statuses: [], alarmsOpened: [], alarmsClosed: [], trackStates: [], late: [], offsets: [] } as BatchWrite;
}
const stored = async (deviceId: number) => (await handle.db.selectFrom('position').select('gps_time').where('device_id', '=', deviceId).execute()).length;

describe.skipIf(process.env.TEST_DATABASE_URL)('the SQLite hot path beside a transaction of the console', () => {
  it('keeps a batch written while another transaction is open, when that transaction rolls back', async () => {
    const store = createSqliteTelemetryStore(handle.sqlite!);
    let writing: Promise<boolean[]> | undefined;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('device').select('id').limit(1).execute();
        writing = store.write(batchOf(9001));
        await trx.selectFrom('device').select('id').limit(1).execute();
        throw new Error('the import found a bad row');
      }),
    ).rejects.toThrow('the import found a bad row');
    expect(await writing).toEqual([true]);
    expect(await stored(9001)).toBe(1);
  });

  it('writes at once when no transaction is open', async () => {
    const store = createSqliteTelemetryStore(handle.sqlite!);
    expect(await store.write(batchOf(9002))).toEqual([true]);
    expect(await stored(9002)).toBe(1);
  });
});
