import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJt808Gateway, type Jt808Gateway } from '../telemetry/gateway/gateway.js';
import { locationFix, VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { HANGZHOU, HOUR, MIN } from '../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../test/test-app.js';
import { createEngine, type Engine } from './engine.js';
import { suggestsFraud } from './loan-fraud.js';

const DAY = 24 * HOUR;
const T = SEED_NOW - 3 * HOUR;

describe('when a loan-fraud suggestion is due', () => {
  it.each([
    [2, 6.9 * DAY, true], [2, 7.5 * DAY, false], [3, 1 * DAY, true], [1, 2 * DAY, true],
    [4, 29 * DAY, true], [4, 31 * DAY, false], [5, 1 * DAY, false], [2, -1 * HOUR, false],
  ])('type %i, %f ms after install: %s', (type, after, due) => {
    expect(suggestsFraud(type, T, T - after)).toBe(due);
  });
  it('needs an install time', () => expect(suggestsFraud(2, T, null)).toBe(false));
});

describe('a JT/T 808 terminal whose power is cut two days after its install', () => {
  let t: TestApp;
  let gateway: Jt808Gateway;
  let engine: Engine;
  let device = { id: 0, device_number: '', customer_id: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: { info() {}, warn() {} } });
    t.telemetry.channel = gateway.channel;
    const dealer = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow();
    device = await t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').select(['d.id', 'd.device_number', 'c.customer_id'])
      .where('d.dept_id', '=', dealer.dept_id).where('d.kind', '=', 1).orderBy('d.id').executeTakeFirstOrThrow();
    await t.db.updateTable('device').set({ install_time: T - 2 * DAY }).where('id', '=', device.id).execute();
    engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => T + 2 * HOUR, onError: (err) => { throw err; } });
  });
  afterAll(async () => {
    await engine.stop();
    await gateway.close();
    await t.close();
  });

  it('raises one suggestion with the device, the warning and the days since install — and no second one', async () => {
    const vt = new VirtualTerminal({ host: '127.0.0.1', port: await gateway.listen(), deviceNumber: device.device_number, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
    await vt.connect();
    const code = await vt.register();
    expect(code).not.toBeNull();
    expect(await vt.authenticate(code!)).toBe(true);
    const at = (minutes: number, alarm = 0) => locationFix({ time: T + minutes * MIN, lng: HANGZHOU.lng, lat: HANGZHOU.lat, speed: 0, direction: 0, acc: false, alarm });
    const settle = async () => {
      await t.telemetry.pipeline.drain();
      await engine.idle();
    };
    // Parked normally, then main power lost (alarm bit 8); an operator handles that warning; power comes
    // back and is lost again an hour later: a second warning, but the same evidence of the same kind.
    for (const fix of [at(0), at(5), at(10, 1 << 8)]) expect(await vt.report(fix)).toBe(0);
    await settle();
    await t.db.updateTable('warning').set({ deal_status: 1 }).where('device_id', '=', device.id).where('warning_type', '=', 2).execute();
    for (const fix of [at(15), at(70, 1 << 8)]) expect(await vt.report(fix)).toBe(0);
    vt.close();
    await settle();

    const cuts = await t.db.selectFrom('warning').select('id').where('device_id', '=', device.id).where('warning_type', '=', 2).execute();
    expect(cuts.length).toBeGreaterThanOrEqual(2);
    const rows = await t.db.selectFrom('loan_fraud_suggestion').selectAll().where('device_id', '=', device.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customer_id: device.customer_id, warning_type: 2, event_time: T + 10 * MIN, install_time: T - 2 * DAY, state: 'pending' });
    const warning = await t.db.selectFrom('warning').select(['id', 'warning_type']).where('id', '=', rows[0]!.warning_id).executeTakeFirstOrThrow();
    expect(warning.warning_type).toBe(2);

    const token = await t.login('dealer1');
    const listed = (await t.app.inject({ method: 'POST', url: '/api/customer/getLoanFraudSuggestions', headers: { accessToken: token }, payload: {} })).json().result.list;
    expect(listed).toContainEqual(expect.objectContaining({ deviceNumber: device.device_number, warningTypeName: '断电预警', daysAfterInstall: 2 }));
  });
});
