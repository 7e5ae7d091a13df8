import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../engine/engine.js';
import { HANGZHOU, HOUR, MIN } from '../../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';

/** A mapping saved on the screen reaches the pipeline and the engine for the reports received after it. */
let t: TestApp;
let engine: Engine;
let token = '';
let device: { id: number; device_number: string };
const MODEL = 'TEST-LIGHT';
const T = SEED_NOW - 3 * 24 * HOUR;

/** One parked report carrying the vendor item 0xE4 (on), through the real pipeline. */
async function report(gpsTime: number) {
  await t.telemetry.pipeline.submit([{ deviceNumber: device.device_number, gpsTime, lng: HANGZHOU.lng, lat: HANGZHOU.lat, speed: 0, direction: 0, altitude: 10, acc: 0, alarmWord: 0, alarmItems: [0xe4] }]);
  await engine.idle();
}

const alarmsOf = () => t.db.selectFrom('device_alarm').select(['alarm_type', 'start_time', 'end_time']).where('device_id', '=', device.id).execute();
const removalsOf = () => t.db.selectFrom('warning').select(['warning_time', 'detail']).where('device_id', '=', device.id).where('warning_type', '=', 3).execute();
const storedAt = (gpsTime: number) =>
  t.db.selectFrom('position').select('model_alarms').where('device_id', '=', device.id).where('gps_time', '=', gpsTime).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  device = await t.db.selectFrom('device').select(['id', 'device_number']).where('car_id', 'is not', null).where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  await t.db.updateTable('device').set({ model: MODEL }).where('id', '=', device.id).execute();
  t.telemetry.devicesEdited([device.device_number]);
  engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => SEED_NOW, onError: (err) => { throw err; } });
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

describe('a mapping added for a model', () => {
  it('leaves a report received before it without an alarm, and raises the alarm and the removal warning for one after it', async () => {
    await report(T);
    expect(await alarmsOf()).toEqual([]);
    expect(await removalsOf()).toEqual([]);

    const saved = await t.app.inject({ method: 'POST', url: '/api/alarmMapping/save', headers: { accessToken: token }, payload: { model: MODEL, source: 'item', code: 0xe4, alarmType: 101 } });
    expect(saved.json().code).toBe(200);

    await report(T + 10 * MIN);
    expect(await alarmsOf()).toEqual([{ alarm_type: 101, start_time: T + 10 * MIN, end_time: null }]);
    const [warning] = await removalsOf();
    expect(warning?.warning_time).toBe(T + 10 * MIN);
    expect(JSON.parse(warning!.detail)).toMatchObject({ alarmTypes: [101] });
    // Stored reports keep what they were judged with: the one before the change carries no alarm.
    expect(await storedAt(T)).toEqual({ model_alarms: 0 });
    expect(await storedAt(T + 10 * MIN)).toEqual({ model_alarms: 0b10 });
  });

  it('closes the alarm when a report comes without the item on', async () => {
    await t.telemetry.pipeline.submit([{ deviceNumber: device.device_number, gpsTime: T + 20 * MIN, lng: HANGZHOU.lng, lat: HANGZHOU.lat, speed: 0, direction: 0, altitude: 10, acc: 0, alarmWord: 0 }]);
    expect(await alarmsOf()).toEqual([{ alarm_type: 101, start_time: T + 10 * MIN, end_time: T + 20 * MIN }]);
  });
});
