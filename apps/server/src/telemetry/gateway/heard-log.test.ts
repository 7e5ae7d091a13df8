import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createHeardLog } from './heard-log.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { warn() {} };

/** Devices without a status row yet: what a terminal's very first position message finds. */
async function devicesWithoutStatus(n: number): Promise<number[]> {
  const rows = await t.db.selectFrom('device').select('id')
    .where('id', 'not in', t.db.selectFrom('device_status').select('device_id')).orderBy('id').limit(n).execute();
  expect(rows).toHaveLength(n);
  return rows.map((r) => r.id);
}

async function createStatus(id: number, at: number): Promise<void> {
  await t.db.insertInto('device_status').values({
    device_id: id, last_time: at, lng: 120.1, lat: 30.2, speed: 0, direction: 0, altitude: 0, acc: 0,
    battery: null, signal: null, satellites: null, mileage: null, alarm_word: 0, status_word: 0, updated_at: at, model_alarms: 0,
  }).execute();
}

const heardAt = async (id: number) =>
  (await t.db.selectFrom('device_status').select(['heard_at', 'heard_since']).where('device_id', '=', id).executeTakeFirstOrThrow());

it('a first message flushed before its position created the status row is written at the next flush, and tried only once more', async () => {
  const log = createHeardLog(t.db, silent, 60_000, 3_600_000, t.handle.sqlite);
  const [first, never] = await devicesWithoutStatus(2);
  const at = Date.now() - 1_000;
  log.heard(first!, at);
  log.heard(never!, at);
  await log.flush();
  // The position's commit lands after the flush: the row exists now, with nothing heard on it.
  await createStatus(first!, at);
  await log.flush();
  expect(await heardAt(first!)).toEqual({ heard_at: at, heard_since: at });
  // A terminal with no position at all is not retried at every flush: after its one retry, nothing.
  await createStatus(never!, at);
  await log.flush();
  expect(await heardAt(never!)).toEqual({ heard_at: null, heard_since: null });
  await log.stop();
});
