import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let hx = '';
let ad = '';

beforeAll(async () => {
  t = await createTestApp();
  const finance = async (u: string) => (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', u).executeTakeFirstOrThrow()).dept_id;
  const deviceUnder = async (financeId: number) =>
    (await t.db.selectFrom('device as d').innerJoin('dept as p', 'p.id', 'd.dept_id').select('d.device_number').where('p.parent_id', '=', financeId).where('d.kind', '=', 1).orderBy('d.id').executeTakeFirstOrThrow()).device_number;
  hx = await deviceUnder(await finance('finance1'));
  ad = await deviceUnder(await finance('finance2'));
});
afterAll(() => t.close());

const send = async (user: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/device/eqCommand', headers: { accessToken: await t.login(user) }, payload });

describe('/api/device/eqCommand', () => {
  it('queues a command for a terminal that is not connected, and lists it with its state', async () => {
    const res = await send('operator1', { deviceNumber: hx, command: 'tempTracking', interval: 10, validity: 600 });
    expect(res.json()).toMatchObject({ code: 200, msg: '临时跟踪：待发送', result: { deviceNumber: hx, command: 'tempTracking', params: { interval: 10, validity: 600 }, state: 'queued', sentAt: null } });
    const list = await t.app.inject({ method: 'GET', url: `/api/device/eqCommandList?deviceNumber=${hx}`, headers: { accessToken: await t.login('operator1') } });
    expect(list.json().result[0]).toMatchObject({ command: 'tempTracking', state: 'queued' });
  });

  it.each([
    [{ command: 'tempTracking', interval: -1, validity: 600 }, 'interval'],
    [{ command: 'setParams' }, '至少设置一个参数'],
    [{ command: 'terminalControl', control: 3 }, 'control'],
    [{ command: 'text', text: '' }, '请输入文本'],
    [{ command: 'selfDestruct' }, 'command'],
  ])('rejects %j', async (body, message) => {
    const res = await send('operator1', { deviceNumber: hx, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });

  it("answers a device of another institution as not found", async () => {
    expect((await send('operator1', { deviceNumber: ad, command: 'positionQuery' })).statusCode).toBe(404);
  });

  it('refuses a retired device, whose terminal can no longer connect to take it', async () => {
    const spare = (await t.db.selectFrom('device').select(['id', 'device_number']).where('device_number', '<>', hx).where('car_id', 'is', null).orderBy('id').executeTakeFirstOrThrow());
    await t.db.updateTable('device').set({ retired_at: Date.now(), retire_reason: '测试' }).where('id', '=', spare.id).execute();
    const res = await send('admin', { deviceNumber: spare.device_number, command: 'positionQuery' });
    expect(res.json()).toMatchObject({ code: 400, msg: `设备${spare.device_number}已报废，不能下发指令` });
  });

  it('refuses roles without device:command', async () => {
    expect((await send('dealer1', { deviceNumber: hx, command: 'positionQuery' })).statusCode).toBe(403);
  });
});

describe('strict input', () => {
  it.each([true, '0x10', ' 12 ', '1e1', 10.5])('refuses interval %j in a JSON body', async (interval) => {
    const res = await send('operator1', { deviceNumber: hx, command: 'tempTracking', interval, validity: 600 });
    expect(res.json()).toMatchObject({ code: 400, msg: '参数错误：interval 应为整数' });
  });

  const history = async (query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/device/eqCommandList?${query}`, headers: { accessToken: await t.login('operator1') } })).json();

  it.each(['0x10', '%2012%20', '1e1', 'true'])('refuses limit=%s in a query', async (limit) => {
    expect(await history(`deviceNumber=${hx}&limit=${limit}`)).toMatchObject({ code: 400, msg: '参数错误：limit 应为整数' });
  });

  it('says a limit is too large and a text too long', async () => {
    expect(await history(`deviceNumber=${hx}&limit=101`)).toMatchObject({ code: 400, msg: '参数错误：limit 不能大于100' });
    expect(await history(`deviceNumber=${hx}&limit=12`)).toMatchObject({ code: 200 });
    const res = await send('operator1', { deviceNumber: hx, command: 'text', text: '字'.repeat(201) });
    expect(res.json()).toMatchObject({ code: 400, msg: '参数错误：text 最多200个字符' });
  });
});
