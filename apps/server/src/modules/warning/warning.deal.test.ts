import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventHub, type LiveSink } from '../../events/event-hub.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deptsOfUsers, devicesOf, insertWarning, type FixtureDevice } from './warning.fixture.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let dept: Record<string, number> = {};
let mine: FixtureDevice[] = [];
let theirs: FixtureDevice;
const BASE = '/api/report/riskWarning';
const HOUR = 3600_000;
/** Handling regrades customers over the last 30 days of real time: the warnings are recent. */
const now = Date.now();

const put = (user: string, path: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${BASE}/${path}`, headers: { accessToken: tokens[user]! }, payload });

const stateOf = async (ids: number[]) =>
  Object.fromEntries((await t.db.selectFrom('warning').select(['id', 'deal_status']).where('id', 'in', ids).execute()).map((w) => [w.id, w.deal_status]));

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['finance1', 'operator1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  dept = await deptsOfUsers(t.db);
  mine = await devicesOf(t.db, dept.dealer1!, 6);
  [theirs] = (await devicesOf(t.db, dept.dealer2!, 1)) as [FixtureDevice];
});
afterAll(() => t.close());

describe('unifyDeal', () => {
  it('handles the warning and the earlier unhandled ones of its device and type, nothing else', async () => {
    const d = mine[0]!;
    const older = await insertWarning(t.db, d, 1, now - 3 * HOUR);
    const target = await insertWarning(t.db, d, 1, now - 2 * HOUR);
    const later = await insertWarning(t.db, d, 1, now - HOUR);
    const otherType = await insertWarning(t.db, d, 2, now - 4 * HOUR);
    const otherDevice = await insertWarning(t.db, mine[1]!, 1, now - 4 * HOUR);
    const res = await put('operator1', 'unifyDeal', { id: target, dealDescription: '  已电话联系客户，车辆正常  ', warningType: 1, deviceNumber: d.device_number });
    expect(res.json()).toMatchObject({ code: 200, msg: '处理成功，共处理2条预警', result: { count: 2, ids: [older, target].sort((a, b) => a - b) } });
    expect(await stateOf([older, target, later, otherType, otherDevice])).toEqual({ [older]: 1, [target]: 1, [later]: 0, [otherType]: 0, [otherDevice]: 0 });
    const row = await t.db.selectFrom('warning').select(['deal_description', 'deal_user_id', 'deal_time']).where('id', '=', target).executeTakeFirstOrThrow();
    const operator = await t.db.selectFrom('app_user').select('id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ deal_description: '已电话联系客户，车辆正常', deal_user_id: operator.id });
    const audit = await t.db.selectFrom('warning_deal').select(['warning_id', 'user_id', 'description']).where('warning_id', 'in', [older, target]).execute();
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.user_id === operator.id && a.description === '已电话联系客户，车辆正常')).toBe(true);
  });

  it('the list total drops at once after a handling, and grows at once when the engine raises a warning', async () => {
    const d = mine[5]!;
    const openCount = async () =>
      (await t.app.inject({ method: 'POST', url: `${BASE}/findList`, headers: { accessToken: tokens.operator1! }, payload: { pageNumber: 1, pageSize: 10, dealStatus: 0, deviceNumber: d.device_number } })).json().result.count as number;
    const id = await insertWarning(t.db, d, 6, now - HOUR);
    const before = await openCount();
    expect(before).toBeGreaterThan(0);
    expect((await put('operator1', 'treatRiskWarning', { id, dealDescription: '已核实' })).json().code).toBe(200);
    expect(await openCount()).toBe(before - 1);

    const raised = await insertWarning(t.db, d, 6, now);
    t.telemetry.announceWarning({
      id: raised, warningType: 6, warningTypeName: '长时间停留预警', riskLevel: 2, compound: false, deviceNumber: d.device_number,
      customerName: null, plateNumber: d.plate_number, deptId: d.dept_id, warningTime: '2026-11-23 10:00:00',
    });
    expect(await openCount()).toBe(before);
  });

  it('answers 409 naming who handled it and when, the second time', async () => {
    const id = await insertWarning(t.db, mine[2]!, 3, now - HOUR);
    expect((await put('operator1', 'unifyDeal', { id, dealDescription: '已处理完毕' })).json().code).toBe(200);
    const again = await put('dealer1', 'unifyDeal', { id, dealDescription: '再次处理' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/^该预警已被张晓燕于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}处理/);
  });

  it('lets exactly one of two operators win when they handle the same warning at once', async () => {
    const id = await insertWarning(t.db, mine[3]!, 4, now - HOUR);
    const replies = await Promise.all([
      put('operator1', 'unifyDeal', { id, dealDescription: '操作员一处理' }),
      put('finance1', 'unifyDeal', { id, dealDescription: '经理同时处理' }),
    ]);
    expect(replies.map((r) => r.json().code).sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('warning_deal').select('id').where('warning_id', '=', id).execute()).toHaveLength(1);
  });

  it('regrades the customer once the warnings that made them high risk are handled', async () => {
    const d = mine[4]!;
    const id = await insertWarning(t.db, d, 2, now - HOUR);
    await t.db.updateTable('customer').set({ grade: 'high' }).where('id', '=', d.customer_id).execute();
    const open = await t.db.selectFrom('warning').select('id').where('customer_id', '=', d.customer_id).where('deal_status', '=', 0).where('id', '<>', id).execute();
    expect(open).toEqual([]);
    await put('dealer1', 'unifyDeal', { id, dealDescription: '客户已还款，设备恢复供电' });
    const c = await t.db.selectFrom('customer').select('grade').where('id', '=', d.customer_id).executeTakeFirstOrThrow();
    expect(c.grade).toBe('general');
  });

  it('answers 404 for a warning out of scope or a stale form, 400 for a bad description, 403 without warning:handle', async () => {
    const theirsId = await insertWarning(t.db, theirs, 1, now - HOUR);
    expect((await put('dealer1', 'unifyDeal', { id: theirsId, dealDescription: '不是我的预警' })).statusCode).toBe(404);
    const id = await insertWarning(t.db, mine[5]!, 5, now - HOUR);
    expect((await put('dealer1', 'unifyDeal', { id, dealDescription: '类型不符', warningType: 6 })).statusCode).toBe(404);
    expect((await put('dealer1', 'unifyDeal', { id, dealDescription: '设备不符', deviceNumber: theirs.device_number })).statusCode).toBe(404);
    const short = await put('dealer1', 'unifyDeal', { id, dealDescription: ' 好 ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe('参数错误：dealDescription 至少3个字符');
    expect((await put('dealer1', 'unifyDeal', { id, dealDescription: '字'.repeat(101) })).json().msg).toBe('参数错误：dealDescription 最多100个字符');
    expect((await put('installer1', 'unifyDeal', { id, dealDescription: '安装商无权处理' })).statusCode).toBe(403);
    expect(await stateOf([theirsId, id])).toEqual({ [theirsId]: 0, [id]: 0 });
  });
});

describe('treatRiskWarning', () => {
  it('handles exactly that warning, leaving earlier ones of the same type open', async () => {
    const d = mine[1]!;
    const earlier = await insertWarning(t.db, d, 7, now - 3 * HOUR);
    const id = await insertWarning(t.db, d, 7, now - 2 * HOUR);
    const res = await put('dealer1', 'treatRiskWarning', { id, dealDescription: '已核实设备位置', warningType: 7, deviceNumber: d.device_number });
    expect(res.json()).toMatchObject({ code: 200, msg: '处理成功，共处理1条预警' });
    expect(await stateOf([earlier, id])).toEqual({ [earlier]: 0, [id]: 1 });
    expect((await put('dealer1', 'treatRiskWarning', { id, dealDescription: '已核实设备位置' })).statusCode).toBe(409);
  });
});

describe('unifyDealBatch', () => {
  it('handles the chosen warnings and only those', async () => {
    const ids = [await insertWarning(t.db, mine[2]!, 8, now - HOUR), await insertWarning(t.db, mine[3]!, 9, now - HOUR)];
    const earlier = await insertWarning(t.db, mine[2]!, 8, now - 2 * HOUR);
    const res = await put('dealer1', 'unifyDealBatch', { ids, dealDescription: '批量处理：已联系客户' });
    expect(res.json()).toMatchObject({ code: 200, msg: '处理成功，共处理2条预警' });
    expect(await stateOf([...ids, earlier])).toEqual({ [ids[0]!]: 1, [ids[1]!]: 1, [earlier]: 0 });
  });

  it('handles none when any chosen warning was already handled (409 with how many) or is out of scope (404)', async () => {
    const open = await insertWarning(t.db, mine[4]!, 10, now - HOUR);
    const done = await insertWarning(t.db, mine[5]!, 10, now - HOUR, { handled: true });
    const conflict = await put('dealer1', 'unifyDealBatch', { ids: [open, done], dealDescription: '批量处理' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().msg).toBe('所选预警中有1条已被处理，本次未处理任何预警，请刷新后重试');
    const foreign = await insertWarning(t.db, theirs, 10, now - HOUR);
    expect((await put('dealer1', 'unifyDealBatch', { ids: [open, foreign], dealDescription: '批量处理' })).statusCode).toBe(404);
    expect(await stateOf([open, foreign])).toEqual({ [open]: 0, [foreign]: 0 });
  });

  it('refuses an empty, repeated or oversized choice', async () => {
    for (const ids of [[], [1, 1], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await put('dealer1', 'unifyDealBatch', { ids, dealDescription: '批量处理' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('ids');
    }
  });
});

describe('a warning id is a whole number, nothing that looks like one', () => {
  // Once `{"id": true}` handled warning 1, "0x10" warning 16 and " 12 " warning 12.
  const LOOKALIKES: [unknown, number][] = [[true, 1], ['0x10', 16], [' 12 ', 12], ['1e1', 10]];

  it('refuses true, hex, padded and exponent ids with a 400 naming the field, and handles nothing', async () => {
    const targets = LOOKALIKES.map(([, id]) => id);
    // The warnings those ids were once taken for: open, and the caller's to handle.
    await t.db.updateTable('warning').set({ deal_status: 0, deal_time: null, deal_user_id: null, deal_description: null, dept_id: dept.dealer1! })
      .where('id', 'in', targets).execute();
    expect(await stateOf(targets)).toEqual(Object.fromEntries(targets.map((id) => [id, 0])));
    const deals = async () => (await t.db.selectFrom('warning_deal').select('id').execute()).length;
    const before = await deals();
    for (const [id] of LOOKALIKES) {
      for (const path of ['unifyDeal', 'treatRiskWarning']) {
        const res = await put('dealer1', path, { id, dealDescription: '已电话联系客户' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 400, msg: '参数错误：id 应为整数' });
      }
      const batch = await put('dealer1', 'unifyDealBatch', { ids: [id], dealDescription: '已电话联系客户' });
      expect(batch.statusCode).toBe(400);
      expect(batch.json().msg).toBe('参数错误：ids.0 应为整数');
    }
    expect(await stateOf(targets)).toEqual(Object.fromEntries(targets.map((id) => [id, 0])));
    expect(await deals()).toBe(before);
  });

  it('says which bound a number is past, and counts a description in characters', async () => {
    expect((await put('dealer1', 'unifyDeal', { id: 0, dealDescription: '已处理' })).json().msg).toBe('参数错误：id 不能小于1');
    expect((await put('dealer1', 'unifyDeal', { id: 2 ** 31, dealDescription: '已处理' })).json().msg).toBe('参数错误：id 不能大于2147483647');
    expect((await put('dealer1', 'unifyDeal', { id: 1, dealDescription: '已处理', warningType: 12 })).json().msg).toBe(
      '参数错误：warningType 取值无效，可选：1、2、3、4、5、6、7、8、9、10、11',
    );
  });
});

describe('the live stream hears of handled warnings', () => {
  it('sends each warning viewer the handled ids its scope holds, and nothing to others', async () => {
    const hub = createEventHub({ loadDevices: async () => [], activeSessions: async (h) => new Set(h), onError: () => {} });
    const sink = () => {
      const chunks: string[] = [];
      const s: LiveSink & { text: () => string } = {
        write: (c: string) => chunks.push(c), end: () => {}, destroy: () => {}, writableLength: 0, destroyed: false, text: () => chunks.join(''),
      };
      return s;
    };
    const [one, two, none] = [sink(), sink(), sink()];
    hub.connect(one, { scope: { kind: 'depts', deptIds: [dept.dealer1!] }, devices: false, warnings: true, tokenHash: 'a' });
    hub.connect(two, { scope: { kind: 'depts', deptIds: [dept.dealer2!] }, devices: false, warnings: true, tokenHash: 'b' });
    hub.connect(none, { scope: { kind: 'all' }, devices: true, tokenHash: 'c' });
    hub.warningsHandled([{ id: 5, deptId: dept.dealer1! }, { id: 6, deptId: dept.dealer1! }]);
    expect(one.text()).toContain(`event: warningHandled\ndata: {"ids":[5,6],"deptIds":[${dept.dealer1}]}`);
    expect(two.text()).not.toContain('warningHandled');
    expect(none.text()).not.toContain('warningHandled');
    await hub.close();
  });
});
