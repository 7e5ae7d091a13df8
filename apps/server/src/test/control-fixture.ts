import type { StoredCommand, CommandChannel } from '../telemetry/commands/command-store.js';
import type { TestApp } from './test-app.js';

const USERS = ['admin', 'finance1', 'operator1', 'dealer1', 'finance2'];

/**
 * Immobilisation tests (issue 32): the demo accounts plus a second finance manager of finance1's
 * institution (the rule of two needs two), cars of that institution fitted with each mapped wired
 * model, cases opened on them directly, the latest fix set at will, and a channel that records what
 * would go to the gateway.
 */
export async function controlFixture(t: TestApp) {
  const finance1 = await t.db.selectFrom('app_user').selectAll().where('username', '=', 'finance1').executeTakeFirstOrThrow();
  const { id: _id, ...copy } = finance1;
  await t.db.insertInto('app_user').values({ ...copy, username: 'finance1b', realname: '钱审批', phone: '13900000001' }).execute();
  const tokens: Record<string, string> = {};
  for (const u of [...USERS, 'finance1b']) tokens[u] = await t.login(u);

  const financeId = finance1.dept_id;
  /** The `nth` car of finance1's institution (of `deptId` when given) whose wired device is of `model`, with that device. */
  async function carWith(model: string, nth = 0, deptId?: number) {
    let q = t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').innerJoin('dept', 'dept.id', 'c.dept_id')
      .select(['c.id as car_id', 'c.customer_id', 'c.dept_id', 'd.id as device_id', 'd.device_number', 'd.model'])
      .where('d.model', '=', model).where('d.retired_at', 'is', null).where('dept.parent_id', '=', financeId);
    if (deptId !== undefined) q = q.where('c.dept_id', '=', deptId);
    return q.orderBy('c.id').offset(nth).limit(1).executeTakeFirstOrThrow();
  }

  /** A case on the car (assigned, by default), straight into the tables as the recovery module would write it. */
  async function openCase(car: { car_id: number; customer_id: number; dept_id: number }, state = 'assigned'): Promise<number> {
    const now = Date.now();
    const row = await t.db.insertInto('recovery_case').values({
      customer_id: car.customer_id, dept_id: car.dept_id, finance_id: financeId, team_dept_id: null, state, source: 'manual', warning_id: null,
      reason: '逾期三期', opened_by: finance1.id, opened_at: now, assigned_at: now, first_found_at: null, recovered_at: null, closed_at: null, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('recovery_case_car').values({ case_id: row.id, car_id: car.car_id }).execute();
    return row.id;
  }

  /** The device's latest fix: `speed` km/h, `ageMinutes` before `at`, with the relay bits of `statusWord`. */
  async function setFix(deviceId: number, speed: number, ageMinutes: number, at = Date.now(), statusWord = 0): Promise<void> {
    await t.db.deleteFrom('device_status').where('device_id', '=', deviceId).execute();
    await t.db.insertInto('device_status').values({
      device_id: deviceId, last_time: at - ageMinutes * 60_000, lng: 120.15, lat: 30.28, speed, direction: 0, altitude: 10, acc: speed > 0 ? 1 : 0,
      battery: null, signal: null, satellites: 8, mileage: null, alarm_word: 0, status_word: statusWord, updated_at: at, model_alarms: 0,
    }).execute();
  }

  const delivered: { deviceNumber: string; command: StoredCommand }[] = [];
  const channel: CommandChannel = {
    deliver: async (deviceNumber, command) => {
      delivered.push({ deviceNumber, command });
      return true;
    },
    disconnect: () => false,
  };
  t.telemetry.channel = channel;

  const post = (user: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });

  return {
    tokens, financeId, carWith, openCase, setFix, channel, delivered, post, get,
    request: (user: string, caseId: number, deviceNumber: string, action: 'cut' | 'restore' = 'cut', reason = '客户失联，车辆疑似转卖') =>
      post(user, '/api/recovery/control/request', { caseId, deviceNumber, action, reason }),
    decide: (user: string, id: number, approve: boolean, note = '') => post(user, '/api/recovery/control/decide', { id, approve, note }),
    cancel: (user: string, id: number) => post(user, '/api/recovery/control/cancel', { id }),
    requestRow: (id: number) => t.db.selectFrom('control_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    commandRow: (id: number) => t.db.selectFrom('device_command').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    events: (caseId: number) => t.db.selectFrom('recovery_case_event').select(['action', 'user_id', 'reason']).where('case_id', '=', caseId).orderBy('id').execute(),
  };
}

export type ControlFixture = Awaited<ReturnType<typeof controlFixture>>;
