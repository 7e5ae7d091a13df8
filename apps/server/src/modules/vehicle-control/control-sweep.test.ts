import { CONTROL_LIMITS } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlFixture, type ControlFixture } from '../../test/control-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cancelOpenControls, createControlSweep } from './control-sweep.js';

let t: TestApp;
let f: ControlFixture;
let clock = Date.now();
const errors: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp({ CONTROL_SWEEP_SECONDS: '3600' });
  f = await controlFixture(t);
});
afterAll(async () => {
  await t.close();
  expect(errors).toEqual([]);
});

/** One pass of the sweep at `at`, as the module runs it every CONTROL_SWEEP_SECONDS. */
const sweep = (at = Date.now()) => {
  clock = at;
  return createControlSweep({ db: t.db, channel: () => f.channel, stoppedKmh: 5, now: () => clock, log: (err) => errors.push(err) }).run();
};

/** An approved cut of the `nth` GT06N car, held because the car is doing 45 km/h. */
async function heldCut(nth: number) {
  const car = await f.carWith('GT06N', nth);
  await f.setFix(car.device_id, 45, 1);
  const caseId = await f.openCase(car);
  const id = (await f.request('operator1', caseId, car.device_number)).json().result.id as number;
  expect((await f.decide('finance1', id, true)).json().result.state).toBe('held');
  return { car, caseId, id };
}

/** An approved restore, sent at once; answers its device_command id. */
async function sentRestore(nth: number) {
  const car = await f.carWith('JM-VL03', nth);
  const caseId = await f.openCase(car);
  const id = (await f.request('operator1', caseId, car.device_number, 'restore')).json().result.id as number;
  await f.decide('finance1', id, true);
  return { caseId, id, commandId: (await f.requestRow(id)).command_id! };
}

describe('a held cut', () => {
  it('is never sent while the car is fast or its fix stale, and goes out once a fresh fix shows it stopped', async () => {
    const { car, caseId, id } = await heldCut(20);
    await sweep();
    expect((await f.requestRow(id)).state).toBe('held');
    expect(await t.db.selectFrom('device_command').select('id').where('device_id', '=', car.device_id).execute()).toEqual([]);
    await f.setFix(car.device_id, 0, 30);
    const asking = f.delivered.length;
    await sweep();
    expect(await f.requestRow(id)).toMatchObject({ state: 'held', hold_reason: '最近定位已是 30 分钟前，收到 10 分钟内的静止定位后下发', command_id: null });
    // A stale fix makes the server ask the terminal where it is (0x8201), once while one is queued or recent.
    const queries = () => t.db.selectFrom('device_command').select(['command', 'created_by']).where('device_id', '=', car.device_id).execute();
    expect(await queries()).toEqual([{ command: 0x8201, created_by: null }]);
    expect(f.delivered.slice(asking).map((d) => [d.deviceNumber, d.command.command])).toEqual([[car.device_number, 0x8201]]);
    await sweep(clock + 1000);
    expect(await queries()).toHaveLength(1);
    await f.setFix(car.device_id, 19, 0);
    await sweep();
    expect((await f.requestRow(id)).state).toBe('held');
    expect(await queries()).toHaveLength(1);

    await f.setFix(car.device_id, 3, 2);
    const before = f.delivered.length;
    await sweep();
    const row = await f.requestRow(id);
    expect(row).toMatchObject({ state: 'sent', hold_reason: null, sent_at: clock });
    expect(JSON.parse((await f.commandRow(row.command_id!)).params)).toEqual({ control: 0xf0 });
    expect(f.delivered.slice(before).map((d) => d.deviceNumber)).toEqual([car.device_number]);
    const events = await f.events(caseId);
    expect(events.at(-1)).toMatchObject({ action: 'controlSent', user_id: null });
    const audit = await t.db.selectFrom('audit_log').select(['username', 'dept_id']).where('action', '=', 'vehicleControl.sent').where('target', 'like', `%${car.device_number}`).execute();
    expect(audit).toEqual([{ username: '系统', dept_id: f.financeId }]);

    await sweep();
    expect((await queries()).map((c) => c.command)).toEqual([0x8201, 0x8105]);
  });

  it('is given up after the hold time', async () => {
    const { caseId, id } = await heldCut(21);
    const decidedAt = (await f.requestRow(id)).decided_at!;
    await sweep(decidedAt + CONTROL_LIMITS.holdHours * 3600_000 - 1000);
    expect((await f.requestRow(id)).state).toBe('held');
    await sweep(decidedAt + CONTROL_LIMITS.holdHours * 3600_000);
    expect(await f.requestRow(id)).toMatchObject({ state: 'expired', command_id: null });
    expect((await f.events(caseId)).at(-1)).toMatchObject({ action: 'controlExpired', user_id: null });
  });

  it('is taken back when its terminal has not collected it in time, and held again', async () => {
    const car = await f.carWith('GT06N', 22);
    await f.setFix(car.device_id, 0, 1);
    const caseId = await f.openCase(car);
    const id = (await f.request('operator1', caseId, car.device_number)).json().result.id as number;
    await f.decide('finance1', id, true);
    const { command_id: commandId, sent_at: sentAt } = await f.requestRow(id);
    await sweep(sentAt! + 5 * 60_000);
    expect((await f.requestRow(id)).state).toBe('sent');
    await sweep(sentAt! + CONTROL_LIMITS.maxFixAgeMinutes * 60_000 + 1000);
    expect(await f.commandRow(commandId!)).toMatchObject({ state: 'failed' });
    expect(await f.requestRow(id)).toMatchObject({ state: 'held', command_id: null });
    expect((await f.events(caseId)).map((e) => e.action)).toContain('controlRecalled');
  });

  it('is not taken back once a gateway has claimed it', async () => {
    const car = await f.carWith('GT06N', 23);
    await f.setFix(car.device_id, 0, 1);
    const id = (await f.request('operator1', await f.openCase(car), car.device_number)).json().result.id as number;
    await f.decide('finance1', id, true);
    const { command_id: commandId, sent_at: sentAt } = await f.requestRow(id);
    expect(await t.telemetry.commands.claim(commandId!, 7)).toBe(true);
    await sweep(sentAt! + CONTROL_LIMITS.maxFixAgeMinutes * 60_000 + 1000);
    expect(await f.requestRow(id)).toMatchObject({ state: 'sent', command_id: commandId });
  });
});

describe('a sent command', () => {
  it('is done when the terminal answers, with its answer and time', async () => {
    const { caseId, id, commandId } = await sentRestore(20);
    await sweep();
    expect((await f.requestRow(id)).state).toBe('sent');
    await t.db.updateTable('device_command').set({ state: 'answered', reply: '终端应答 0，油电状态 已恢复', answered_at: 1_800_000_000_000 }).where('id', '=', commandId).execute();
    await sweep();
    expect(await f.requestRow(id)).toMatchObject({ state: 'done', answer: '终端应答 0，油电状态 已恢复', answered_at: 1_800_000_000_000 });
    expect((await f.events(caseId)).at(-1)).toMatchObject({ action: 'controlDone', user_id: null, reason: '终端应答 0，油电状态 已恢复' });
    const item = (await f.get('finance1', '/api/recovery/control/pending')).json().result.find((r: { id: number }) => r.id === id);
    expect(item).toBeUndefined();
  });

  it('failed when the terminal says it could not', async () => {
    const { caseId, id, commandId } = await sentRestore(21);
    await t.db.updateTable('device_command').set({ state: 'failed', reply: '终端应答 1', answered_at: 1_800_000_000_000 }).where('id', '=', commandId).execute();
    await sweep();
    expect(await f.requestRow(id)).toMatchObject({ state: 'failed', answer: '终端应答 1' });
    expect((await f.events(caseId)).at(-1)).toMatchObject({ action: 'controlFailed' });
  });
});

describe('closing a case', () => {
  it('withdraws its pending and held requests, leaving sent ones to run their course', async () => {
    const held = await heldCut(24);
    const pendingCar = await f.carWith('KM-02', 24);
    await t.db.insertInto('recovery_case_car').values({ case_id: held.caseId, car_id: pendingCar.car_id }).execute();
    const pending = (await f.request('operator1', held.caseId, pendingCar.device_number)).json().result.id as number;
    const sentCar = await f.carWith('JM-VL03', 24);
    await t.db.insertInto('recovery_case_car').values({ case_id: held.caseId, car_id: sentCar.car_id }).execute();
    const sent = (await f.request('operator1', held.caseId, sentCar.device_number, 'restore')).json().result.id as number;
    await f.decide('finance1', sent, true);

    await t.db.transaction().execute((tx) => cancelOpenControls(tx, held.caseId, Date.now()));
    expect((await f.requestRow(held.id)).state).toBe('cancelled');
    expect((await f.requestRow(pending)).state).toBe('cancelled');
    expect((await f.requestRow(sent)).state).toBe('sent');
    const withdrawn = (await f.events(held.caseId)).filter((e) => e.action === 'controlCancel');
    expect(withdrawn).toHaveLength(2);
    expect(withdrawn.every((e) => e.user_id === null)).toBe(true);
  });
});
