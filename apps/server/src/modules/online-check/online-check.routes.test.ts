import { formatTime } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJt808Gateway, type Jt808Gateway } from '../../telemetry/gateway/gateway.js';
import { locationFix, VirtualTerminal } from '../../telemetry/simulator/virtual-terminal.js';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let gateway: Jt808Gateway;
/** dealer1's wired devices: moving, parked, offline, never online, and one for a real terminal. */
let mine: string[] = [];
let theirs = '';
let dealer1Dept = 0;
let dealer2Dept = 0;
const NOW = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: { info() {}, warn() {} } });
  t.telemetry.channel = gateway.channel;
  const dept = async (u: string) => (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', u).executeTakeFirstOrThrow()).dept_id;
  [dealer1Dept, dealer2Dept] = [await dept('dealer1'), await dept('dealer2')];
  const numbers = async (deptId: number, n: number) =>
    (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', deptId).where('kind', '=', 1).orderBy('id').limit(n).execute()).map((d) => d.device_number);
  mine = await numbers(dealer1Dept, 5);
  theirs = (await numbers(dealer2Dept, 1))[0]!;
  await addAccountBeside(t, 'dealer1', 'dealer1cmd', ['device:view', 'device:command']);
  await t.telemetry.pipeline.submit([
    { deviceNumber: mine[0]!, gpsTime: NOW - 60_000, lng: 120.15, lat: 30.28, speed: 48, direction: 90, altitude: 10, acc: 1 },
    { deviceNumber: mine[1]!, gpsTime: NOW - 120_000, lng: 120.16, lat: 30.29, speed: 0, direction: 0, altitude: 10, acc: 0 },
    { deviceNumber: mine[2]!, gpsTime: NOW - 3 * 3600_000, lng: 120.17, lat: 30.3, speed: 0, direction: 0, altitude: 10, acc: 0 },
    { deviceNumber: theirs, gpsTime: NOW - 30_000, lng: 120.6, lat: 31.3, speed: 20, direction: 0, altitude: 10, acc: 1 },
  ]);
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

const tokens = new Map<string, string>();
const post = async (user: string, path: string, payload: object) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return t.app.inject({ method: 'POST', url: `/pd/onlineCheck/${path}`, headers: { accessToken: tokens.get(user)! }, payload });
};
const list = async (user: string, payload: object) => (await post(user, 'list', payload)).json().result;
const numbersOf = (rows: { deviceNumber: string }[]) => rows.map((r) => r.deviceNumber);
const devicesIn = async (deptId: number) =>
  Number((await t.db.selectFrom('device').select((eb) => eb.fn.countAll().as('n')).where('dept_id', '=', deptId).executeTakeFirstOrThrow()).n);
const commandsOf = async (deviceNumber: string) =>
  t.db.selectFrom('device_command as c').innerJoin('device as d', 'd.id', 'c.device_id').select(['c.id', 'c.state']).where('d.device_number', '=', deviceNumber).execute();

describe('the online spot check list', () => {
  it('checks pasted numbers in pasted order, with each online state and where it last was', async () => {
    const pasted = `${mine[2]}, ${mine[0]}\nNOSUCH001 ${theirs}；${mine[1]} ${mine[3]} ${mine[0]}`;
    const r = await list('dealer1', { by: 'numbers', deviceNumbers: pasted });
    expect(numbersOf(r.list)).toEqual([mine[2], mine[0], mine[1], mine[3]]);
    expect(r.list.map((d: { onlineState: string }) => d.onlineState)).toEqual(['offline', 'online', 'online', 'never']);
    expect(r.list[1]).toMatchObject({ lastTime: formatTime(NOW - 60_000), address: '浙江省杭州市拱墅区', deviceKind: 1 });
    expect(r.list[3]).toMatchObject({ lastTime: null, address: null });
    expect(r.count).toBe(4);
    expect(r.summary).toEqual({ total: 4, online: 2, offline: 1, never: 1, onlineRate: 50 });
    // Another dealer's device reads as unknown, as a number that does not exist.
    expect(r.notFound).toEqual(['NOSUCH001', theirs]);
  });

  it('pages pasted numbers, the summary still covering them all', async () => {
    const r = await list('dealer1', { by: 'numbers', deviceNumbers: mine.slice(0, 4), pageNumber: 2, pageSize: 3 });
    expect(numbersOf(r.list)).toEqual([mine[3]]);
    expect(r).toMatchObject({ count: 4, summary: { total: 4, online: 2 }, notFound: [] });
  });

  it("checks a dealer's devices, most recent report first, and only those", async () => {
    const r = await list('admin', { by: 'dealer', deptId: dealer1Dept, pageSize: 100 });
    expect(numbersOf(r.list).slice(0, 3)).toEqual([mine[0], mine[1], mine[2]]);
    expect(numbersOf(r.list)).not.toContain(theirs);
    const total = await devicesIn(dealer1Dept);
    expect(r.summary).toEqual({ total, online: 2, offline: 1, never: total - 3, onlineRate: Math.round((2 / total) * 1000) / 10 });
    expect(r.count).toBe(total);
  });

  it("checks all the caller may see: a dealer's own devices, the platform's every device", async () => {
    const own = await list('dealer1', {});
    expect(own.summary.total).toBe(await devicesIn(dealer1Dept));
    expect(own.list).toHaveLength(20);
    const every = await list('admin', { by: 'all' });
    expect(every.summary.online).toBe(3);
    expect(every.summary.total).toBeGreaterThan(own.summary.total);
  });

  it("shows a dealer nothing of another dealer's department", async () => {
    const r = await list('dealer1', { by: 'dealer', deptId: dealer2Dept });
    expect(r).toEqual({ list: [], count: 0, summary: { total: 0, online: 0, offline: 0, never: 0, onlineRate: 0 }, notFound: [] });
  });
});

describe('position queries', () => {
  it('go to the online devices of the selection only, and say how many were skipped', async () => {
    const res = await post('dealer1cmd', 'positionQuery', { by: 'numbers', deviceNumbers: [...mine.slice(0, 4), theirs] });
    expect(res.json()).toMatchObject({
      code: 200,
      msg: '已向2台在线设备下发位置查询，2台不在线未下发，1个设备号未找到',
      result: { sent: 2, skippedOffline: 2, notFound: [theirs] },
    });
    // The terminals are not connected: the commands wait for their next connection.
    const sent = res.json().result.commands;
    expect(sent.map((c: { deviceNumber: string; state: string }) => [c.deviceNumber, c.state])).toEqual([[mine[0], 'queued'], [mine[1], 'queued']]);
    expect(await commandsOf(mine[2]!)).toEqual([]);
    expect(await commandsOf(theirs)).toEqual([]);
  });

  it('report an answer once the terminal gave one, with the report it stored', async () => {
    const [first, second] = (await post('dealer1cmd', 'positionQuery', { by: 'numbers', deviceNumbers: mine.slice(0, 2) })).json().result.commands;
    const device = await t.db.selectFrom('device').select('id').where('device_number', '=', mine[0]!).executeTakeFirstOrThrow();
    await t.telemetry.commands.claim(first.id, 77);
    await t.telemetry.pipeline.submit([{ deviceNumber: mine[0]!, gpsTime: NOW - 5_000, lng: 120.2, lat: 30.27, speed: 0, direction: 0, altitude: 10, acc: 0 }]);
    await t.telemetry.commands.markAnswered(device.id, 77, true, '位置 120.200000,30.270000');
    const states = (await post('dealer1cmd', 'queryStates', { commandIds: [first.id, second.id, first.id] })).json().result;
    expect(states).toEqual([
      { id: first.id, deviceNumber: mine[0], state: 'answered', reply: '位置 120.200000,30.270000', answeredAt: expect.any(String), lastTime: formatTime(NOW - 5_000), address: expect.stringMatching(/^浙江省杭州市/) },
      { id: second.id, deviceNumber: mine[1], state: 'queued', reply: null, answeredAt: null, lastTime: null, address: null },
    ]);
  });

  it('reach a connected terminal, whose answer the states call then reports', async () => {
    const vt = new VirtualTerminal({ host: '127.0.0.1', port: await gateway.listen(), deviceNumber: mine[4]!, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
    await vt.connect();
    await vt.authenticate((await vt.register())!);
    const answeredAt = Date.now() - 2_000;
    expect(await vt.report(locationFix({ time: answeredAt - 60_000, lng: 120.15, lat: 30.28, speed: 0, direction: 0, acc: false }))).toBe(0);
    vt.onCommand = (m, serial) => vt.answer(serial, m, locationFix({ time: answeredAt, lng: 120.16, lat: 30.29, speed: 0, direction: 0, acc: false }));
    try {
      const sent = (await post('dealer1cmd', 'positionQuery', { by: 'numbers', deviceNumbers: mine[4] })).json().result;
      // A fast terminal may have answered before the call returns (seen on a loaded PostgreSQL run).
      expect(sent).toMatchObject({ sent: 1, skippedOffline: 0, commands: [{ deviceNumber: mine[4], state: expect.stringMatching(/^(sent|answered)$/) }] });
      const id = sent.commands[0].id as number;
      let state: { state: string; lastTime: string | null; address: string | null } | undefined;
      for (let tries = 0; tries < 50 && state?.state !== 'answered'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        [state] = (await post('dealer1cmd', 'queryStates', { commandIds: [id] })).json().result;
      }
      expect(state).toMatchObject({ state: 'answered', lastTime: formatTime(Math.floor(answeredAt / 1000) * 1000), address: '浙江省杭州市下城区' });
    } finally {
      vt.close();
    }
  });

  it("never reach or report another dealer's devices", async () => {
    const res = await post('dealer1cmd', 'positionQuery', { by: 'numbers', deviceNumbers: theirs });
    expect(res.json()).toMatchObject({ msg: '没有在线设备，未下发位置查询，1个设备号未找到', result: { sent: 0, skippedOffline: 0, notFound: [theirs] } });
    const all = (await post('dealer1cmd', 'positionQuery', { by: 'all' })).json().result;
    expect(numbersOf(all.commands)).toEqual([mine[0], mine[1], mine[4]]);
    expect((await post('dealer1cmd', 'positionQuery', { by: 'dealer', deptId: dealer2Dept })).json().result).toMatchObject({ sent: 0, skippedOffline: 0 });
    expect(await commandsOf(theirs)).toEqual([]);
    const admin = (await post('admin', 'positionQuery', { by: 'numbers', deviceNumbers: theirs })).json().result;
    expect(admin.sent).toBe(1);
    expect((await post('dealer1cmd', 'queryStates', { commandIds: [admin.commands[0].id] })).json().result).toEqual([]);
  });

  it('need device:command', async () => {
    expect((await post('dealer1', 'positionQuery', { by: 'numbers', deviceNumbers: mine[0]! })).statusCode).toBe(403);
    expect((await post('dealer1', 'queryStates', { commandIds: [1] })).statusCode).toBe(403);
  });
});

describe('strict input', () => {
  it.each([
    ['list', '参数错误：deviceNumbers 请输入设备号', { by: 'numbers' }],
    ['list', '参数错误：deviceNumbers 请输入设备号', { by: 'numbers', deviceNumbers: ' , ；' }],
    ['list', '参数错误：deviceNumbers 一次最多查询1000个设备', { by: 'numbers', deviceNumbers: Array.from({ length: 1001 }, (_, i) => `N${i}`) }],
    ['list', '参数错误：deviceNumbers.0 最多30个字符', { by: 'numbers', deviceNumbers: ['1'.repeat(31)] }],
    ['list', '参数错误：deptId 请选择经销商', { by: 'dealer' }],
    ['list', '参数错误：deptId 应为整数', { by: 'dealer', deptId: '0x10' }],
    ['list', '参数错误：deptId 应为整数', { by: 'dealer', deptId: true }],
    ['list', '参数错误：by 取值无效，可选：numbers、dealer、all', { by: 'everything' }],
    ['list', '参数错误：pageSize 不能大于100', { pageSize: 101 }],
    ['list', '参数错误：pageNumber 应为整数', { pageNumber: '1e1' }],
    ['positionQuery', '参数错误：deptId 不能小于1', { by: 'dealer', deptId: 0 }],
    ['queryStates', '参数错误：commandIds 不能为空', {}],
    ['queryStates', '参数错误：commandIds 至少1项', { commandIds: [] }],
    ['queryStates', '参数错误：commandIds.0 应为整数', { commandIds: [' 12 '] }],
    ['queryStates', '参数错误：commandIds 最多1000项', { commandIds: Array.from({ length: 1001 }, (_, i) => i + 1) }],
  ])('%s answers %s', async (path, msg, payload) => {
    const res = await post('admin', path, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg });
  });
});

describe('the batch cap', () => {
  it('refuses to query more than 500 online devices at once, and sends none', async () => {
    const wired = await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).orderBy('id').limit(501).execute();
    expect(wired).toHaveLength(501);
    await t.telemetry.pipeline.submit(wired.map((d, i) => ({ deviceNumber: d.device_number, gpsTime: NOW - 10_000 - i, lng: 120.1, lat: 30.2, speed: 0, direction: 0, altitude: 10, acc: 0 })));
    const before = await t.db.selectFrom('device_command').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const online = (await list('admin', {})).summary.online as number;
    const res = await post('admin', 'positionQuery', { by: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`在线设备共${online}台，超过单次500台的上限，请按经销商或设备号缩小范围`);
    const after = await t.db.selectFrom('device_command').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
