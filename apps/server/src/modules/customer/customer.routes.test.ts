import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { devicesOf, insertWarning } from '../warning/warning.fixture.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });
const list = async (user: string, payload: object = {}) => (await post(user, '/api/customer/getCustomerList', payload)).json().result;
const deptOf = async (username: string) => (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', username).executeTakeFirstOrThrow()).dept_id;
const customerOf = async (username: string) =>
  t.db.selectFrom('customer').select(['id', 'phone', 'name']).where('dept_id', '=', await deptOf(username)).orderBy('id').executeTakeFirstOrThrow();

describe('the customer grade dictionary', () => {
  it('lists the three grades, most serious first', async () => {
    const res = await get('dealer1', '/api/customer/getCustomerGradeDict');
    expect(res.json().result.map((g: { code: string; name: string }) => `${g.code}:${g.name}`)).toEqual(['high:高风险', 'potential:潜在风险', 'general:一般客户']);
  });
});

describe('getCustomerList', () => {
  it("shows each user exactly their department's customers", async () => {
    const [dealer1, dealer2, finance1] = await Promise.all([list('dealer1', { pageSize: 1000 }), list('dealer2', { pageSize: 1000 }), list('finance1', { pageSize: 1 })]);
    const d1 = await deptOf('dealer1');
    expect(dealer1.count).toBeGreaterThan(0);
    expect(dealer1.list.every((c: { deptId: number }) => c.deptId === d1)).toBe(true);
    expect(dealer2.list.some((c: { deptId: number }) => c.deptId === d1)).toBe(false);
    expect(finance1.count).toBeGreaterThanOrEqual(dealer1.count + dealer2.count);
  });

  it("never finds another dealer's customer by phone or name", async () => {
    const other = await customerOf('dealer2');
    expect((await list('dealer1', { customerPhone: other.phone })).count).toBe(0);
    expect((await list('dealer2', { customerPhone: other.phone })).list[0]).toMatchObject({ customerId: other.id, customerName: other.name });
  });

  it('finds a customer by a whole phone or identity number, or by any part of one', async () => {
    const c = await t.db.selectFrom('customer').select(['id', 'phone', 'id_card']).where('dept_id', '=', await deptOf('dealer1')).orderBy('id').executeTakeFirstOrThrow();
    const ids = async (payload: object) => (await list('finance1', { pageSize: 100, ...payload })).list.map((x: { customerId: number }) => x.customerId);
    expect(await ids({ customerPhone: c.phone })).toEqual([c.id]);
    expect(await ids({ customerPhone: c.phone.slice(-4) })).toContain(c.id);
    expect(await ids({ idCard: c.id_card.toLowerCase() })).toEqual([c.id]);
    expect(await ids({ idCard: c.id_card.slice(6, 14) })).toContain(c.id);
  });

  it('masks phone and identity numbers for roles without customer:sensitive', async () => {
    const c = await customerOf('dealer1');
    const [masked] = (await list('operator1', { customerPhone: c.phone })).list;
    const [whole] = (await list('finance1', { customerPhone: c.phone })).list;
    expect(masked.customerPhone).toBe(`${c.phone.slice(0, 3)}****${c.phone.slice(-4)}`);
    expect(masked.idCard).toContain('****');
    expect(whole.customerPhone).toBe(c.phone);
  });

  it('filters by grade, overdue, fraud and unhandled warnings, as the database holds them', async () => {
    const c = await customerOf('dealer1');
    await t.db.updateTable('customer').set({ grade: 'high', unhandled_count: 3 }).where('id', '=', c.id).execute();
    const high = await list('dealer1', { grade: 'high', pageSize: 100 });
    expect(high.list.map((x: { customerId: number }) => x.customerId)).toContain(c.id);
    expect(high.list.every((x: { grade: string }) => x.grade === 'high')).toBe(true);
    const busy = await list('dealer1', { hasUnhandled: 1 });
    expect(busy.list[0]).toMatchObject({ customerId: c.id, unhandledCount: 3 });
    // The default order puts high risk first.
    expect((await list('dealer1')).list[0].grade).toBe('high');
    const overdue = await list('finance1', { overdue: 1, pageSize: 100 });
    expect(overdue.count).toBeGreaterThan(0);
    expect(overdue.list.every((x: { loan: { overdueDays: number } }) => x.loan.overdueDays > 0)).toBe(true);
    const settled = await list('finance1', { loanStatus: 'settled', pageSize: 50 });
    expect(settled.list.every((x: { loan: { loanStatus: string } }) => x.loan.loanStatus === 'settled')).toBe(true);
    await t.db.updateTable('customer').set({ grade: 'general', unhandled_count: 0 }).where('id', '=', c.id).execute();
  });

  it('moves its total at once when a warning is handled or a customer flagged, though totals are reused', async () => {
    const [device] = (await devicesOf(t.db, await deptOf('dealer1'), 8)).slice(-1);
    const warning = await insertWarning(t.db, device!, 1, Date.now() - 60_000);
    // As the engine keeps it beside the warning it raises.
    await t.db.updateTable('customer').set({ unhandled_count: 1 }).where('id', '=', device!.customer_id).execute();
    const busy = async () => (await list('dealer1', { hasUnhandled: 1 })).count as number;
    const flagged = async () => (await list('dealer1', { fraud: 1 })).count as number;
    const before = { busy: await busy(), flagged: await flagged() };
    const handled = await t.app.inject({ method: 'PUT', url: '/api/report/riskWarning/treatRiskWarning', headers: { accessToken: tokens.dealer1! }, payload: { id: warning, dealDescription: '已电话联系客户' } });
    expect(handled.json().code).toBe(200);
    expect(await busy()).toBe(before.busy - 1);
    await post('operator1', '/api/customer/markLoanFraud', { customerId: device!.customer_id, fraud: true, reason: '核实为骗贷' });
    expect(await flagged()).toBe(before.flagged + 1);
    await post('operator1', '/api/customer/markLoanFraud', { customerId: device!.customer_id, fraud: false, reason: '复核撤销' });
    expect(await flagged()).toBe(before.flagged);
  });

  it("shows each customer's unhandled warnings by type, handled ones left out", async () => {
    const [device] = (await devicesOf(t.db, await deptOf('dealer1'), 7)).slice(-1);
    const at = Date.now() - 120_000;
    const added = [
      await insertWarning(t.db, device!, 3, at), await insertWarning(t.db, device!, 1, at), await insertWarning(t.db, device!, 1, at + 1000),
      await insertWarning(t.db, device!, 1, at, { handled: true }), await insertWarning(t.db, device!, 2, at, { handled: true }),
    ];
    const byType = async () => {
      const found = (await list('dealer1', { customerPhone: device!.phone })).list[0];
      return found.unhandledByType.map((x: { warningType: number; count: number }) => [x.warningType, x.count]);
    };
    expect(await byType()).toEqual([[1, 2], [3, 1]]);
    await t.db.deleteFrom('warning').where('id', 'in', added).execute();
    expect(await byType()).toEqual([]);
  });

  it('pages without overlap and sorts by overdue days', async () => {
    const [p1, p2] = [await list('finance1', { pageSize: 5, pageNumber: 1 }), await list('finance1', { pageSize: 5, pageNumber: 2 })];
    const ids = [...p1.list, ...p2.list].map((c: { customerId: number }) => c.customerId);
    expect(new Set(ids).size).toBe(10);
    const sorted = await list('finance1', { sortField: 'overdueDays', sortOrder: 'desc', pageSize: 20 });
    const days = sorted.list.map((c: { loan: { overdueDays: number } | null }) => c.loan?.overdueDays ?? 0);
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });

  it.each([
    [{ grade: 'vip' }, '参数错误：grade 取值无效，可选：high、potential、general'],
    [{ overdue: 2 }, '参数错误：overdue 取值无效，可选：0、1'],
    [{ deptId: '0x10' }, '参数错误：deptId 应为整数'],
    [{ customerPhone: '1'.repeat(12) }, '参数错误：customerPhone 最多11个字符'],
    [{ sortField: 'phone' }, '参数错误：sortField 取值无效，可选：unhandled、grade、overdueDays、loanAmount、createdAt'],
  ])('answers %j with a 400 naming the field', async (payload, msg) => {
    const res = await post('finance1', '/api/customer/getCustomerList', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg });
  });

  it('exports the filtered customers as a sheet, in scope', async () => {
    const res = await post('dealer1', '/api/customer/download', {});
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('客户');
    expect(sheet.rowCount - 1).toBe((await list('dealer1')).count);
  });
});

describe('getOverdueList', () => {
  it('lists only overdue loans, longest-overdue bucket first, with where the car is', async () => {
    const res = (await post('finance1', '/api/customer/getOverdueList', { pageSize: 100 })).json().result;
    expect(res.count).toBeGreaterThan(0);
    const days = res.list.map((c: { overdueDays: number }) => c.overdueDays);
    expect(days.every((d: number) => d > 0)).toBe(true);
    const rank = (d: number) => (d > 90 ? 4 : d > 60 ? 3 : d > 30 ? 2 : 1);
    expect(days.map(rank)).toEqual([...days.map(rank)].sort((a, b) => b - a));
    expect(res.list[0]).toMatchObject({ contractNo: expect.any(String), devices: expect.any(Number), bucket: expect.stringMatching(/^m/) });
  });

  it('filters by bucket and online state, and keeps dealers apart', async () => {
    const m1 = (await post('finance1', '/api/customer/getOverdueList', { bucket: 'm1', pageSize: 100 })).json().result;
    expect(m1.list.every((c: { overdueDays: number }) => c.overdueDays >= 1 && c.overdueDays <= 30)).toBe(true);
    // The seed has no positions yet: nobody is online.
    expect((await post('finance1', '/api/customer/getOverdueList', { online: 1 })).json().result.count).toBe(0);
    const d2 = await deptOf('dealer2');
    const dealer1 = (await post('dealer1', '/api/customer/getOverdueList', { pageSize: 100 })).json().result;
    expect(dealer1.list.some((c: { deptId: number }) => c.deptId === d2)).toBe(false);
  });
});

describe('loan fraud', () => {
  it('flags with a reason, shows who and why, refuses a second flag, and keeps the trail', async () => {
    const c = await customerOf('dealer1');
    const flag = await post('operator1', '/api/customer/markLoanFraud', { customerId: c.id, fraud: true, reason: '安装两天后设备被拆除' });
    expect(flag.json()).toMatchObject({ code: 200, msg: '已标记为骗贷客户' });
    const again = await post('operator1', '/api/customer/markLoanFraud', { customerId: c.id, fraud: true, reason: '再次标记' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该客户已标记为骗贷客户');
    const fraudList = (await post('dealer1', '/api/customer/getLoanFraudList', {})).json().result;
    expect(fraudList.list).toContainEqual(expect.objectContaining({ customerId: c.id, flaggedBy: '张晓燕', reason: '安装两天后设备被拆除', fromSuggestion: false }));
    expect((await post('dealer2', '/api/customer/getLoanFraudList', {})).json().result.list.some((x: { customerId: number }) => x.customerId === c.id)).toBe(false);
    expect((await list('dealer1', { fraud: 1 })).list.map((x: { customerId: number }) => x.customerId)).toContain(c.id);

    await post('operator1', '/api/customer/markLoanFraud', { customerId: c.id, fraud: false, reason: '核实为误判' });
    const trail = (await get('dealer1', `/api/customer/getLoanFraudHistory?customerId=${c.id}`)).json().result;
    expect(trail.map((e: { action: string; reason: string }) => `${e.action}:${e.reason}`)).toEqual(['unflag:核实为误判', 'flag:安装两天后设备被拆除']);
  });

  it("answers another dealer's customer as if it did not exist", async () => {
    const c = await customerOf('dealer1');
    const mark = await post('dealer2', '/api/customer/markLoanFraud', { customerId: c.id, fraud: true, reason: '越权尝试' });
    expect(mark.statusCode).toBe(404);
    expect((await get('dealer2', `/api/customer/getLoanFraudHistory?customerId=${c.id}`)).statusCode).toBe(404);
  });

  it('asks for a reason of 2 to 200 characters', async () => {
    const res = await post('operator1', '/api/customer/markLoanFraud', { customerId: 1, fraud: true, reason: ' ' });
    expect(res.json()).toEqual({ code: 400, msg: '参数错误：reason 原因至少2个字' });
  });

  it("accepts an engine suggestion once, flagging the customer, and keeps it out of other dealers' reach", async () => {
    const c = await customerOf('dealer1');
    const device = await t.db.selectFrom('device').innerJoin('car', 'car.id', 'device.car_id').select(['device.id', 'device.install_time'])
      .where('car.customer_id', '=', c.id).executeTakeFirstOrThrow();
    const warning = await t.db.insertInto('warning').values({
      dept_id: await deptOf('dealer1'), device_id: device.id, car_id: null, customer_id: c.id, warning_type: 2, risk_level: 1, deal_status: 0, compound: 0,
      place_key: '', warning_time: device.install_time! + 2 * 86_400_000, last_time: device.install_time! + 2 * 86_400_000, lng: null, lat: null, detail: '{}', pushed: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const suggestion = await t.db.insertInto('loan_fraud_suggestion').values({
      dept_id: await deptOf('dealer1'), customer_id: c.id, device_id: device.id, warning_id: warning.id, warning_type: 2,
      event_time: device.install_time! + 2 * 86_400_000, install_time: device.install_time!, place: '浙江省杭州市西湖区', created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow();

    const pending = (await post('dealer1', '/api/customer/getLoanFraudSuggestions', { state: 'pending' })).json().result;
    expect(pending.list).toContainEqual(expect.objectContaining({ id: suggestion.id, warningTypeName: '断电预警', daysAfterInstall: 2, place: '浙江省杭州市西湖区' }));
    expect((await post('dealer2', '/api/customer/decideLoanFraudSuggestion', { id: suggestion.id, accept: true, reason: '越权' })).statusCode).toBe(404);

    const accept = await post('dealer1', '/api/customer/decideLoanFraudSuggestion', { id: suggestion.id, accept: true, reason: '核实：车已转卖' });
    expect(accept.json()).toMatchObject({ code: 200, msg: '已采纳，客户已标记为骗贷客户' });
    const twice = await post('dealer1', '/api/customer/decideLoanFraudSuggestion', { id: suggestion.id, accept: false, reason: '重复' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('该提示已采纳，不能再处理');
    const flagged = (await post('dealer1', '/api/customer/getLoanFraudList', { customerPhone: c.phone })).json().result.list[0];
    expect(flagged).toMatchObject({ customerId: c.id, fromSuggestion: true, reason: '核实：车已转卖', flaggedBy: '刘洋' });
  });
});

describe('getFinancialByDeptid', () => {
  it("names a dealer's institution for its own staff, and hides other departments", async () => {
    const d1 = await deptOf('dealer1');
    const res = (await get('dealer1', `/api/dept/getFinancialByDeptid?deptid=${d1}`)).json();
    expect(res.result).toMatchObject({ id: await deptOf('finance1'), name: expect.any(String) });
    expect((await get('dealer1', `/api/dept/getFinancialByDeptid?deptid=${await deptOf('dealer2')}`)).statusCode).toBe(404);
    expect((await get('admin', `/api/dept/getFinancialByDeptid?deptid=${await deptOf('admin')}`)).json()).toEqual({ code: 404, msg: '该部门不属于任何金融机构' });
  });
});
