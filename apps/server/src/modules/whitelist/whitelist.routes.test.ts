import { formatTime } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../test/engine-tracks.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
type Customer = { id: number; name: string; phone: string; dept_id: number };
let c1: Customer;
let c1b: Customer;
let c2: Customer;
let other: Customer;

type Item = { id: number; customerId: number; customerName: string; customerPhone: string; deptName4s: string; reason: string; expiresAt: string | null; state: string; createdBy: string | null; createTime: string };

const customerOf = (deptId: number, offset = 0) =>
  t.db.selectFrom('customer').select(['id', 'name', 'phone', 'dept_id']).where('dept_id', '=', deptId).orderBy('id').offset(offset).limit(1).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
  const otherDealer = await t.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').where('parent_id', '<>', dept.finance1!).orderBy('id').executeTakeFirstOrThrow();
  c1 = await customerOf(dept.dealer1!);
  c1b = await customerOf(dept.dealer1!, 1);
  c2 = await customerOf(dept.dealer2!);
  other = await customerOf(otherDealer.id);
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const del = (user: string, id: number | string) => t.app.inject({ method: 'DELETE', url: `/api/report/whiteList/delete?id=${id}`, headers: { accessToken: tokens[user]! } });
const save = (user: string, body: object) => post(user, '/api/report/whiteList/save', body);
const future = (days: number) => formatTime(Date.now() + days * DAY);

async function list(user: string, filters: object = {}) {
  const res = await post(user, '/api/report/whiteList/findList', { pageNumber: 1, pageSize: 100, ...filters });
  expect(res.json().code).toBe(200);
  return res.json().result as { list: Item[]; count: number };
}

describe('white list', () => {
  it('lets finance staff add customers of their dealers and lists them with who, when, expiry and state', async () => {
    const added = await save('finance1', { customerId: c1.id, reason: '客户已结清，暂停预警', expiresAt: future(30) });
    expect(added.json()).toMatchObject({ code: 200, msg: '已加入白名单，1分钟内生效' });
    expect((await save('finance1', { customerId: c2.id, reason: '已核实' })).json().code).toBe(200);
    const r = await list('finance1');
    expect(r.count).toBe(2);
    const first = r.list.find((i) => i.customerId === c1.id)!;
    expect(first).toMatchObject({ customerName: c1.name, reason: '客户已结清，暂停预警', state: 'active', createdBy: '李明辉', deptName4s: expect.any(String) });
    expect(first.expiresAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.list.find((i) => i.customerId === c2.id)).toMatchObject({ expiresAt: null, state: 'active' });
  });

  it('keeps one row per customer: adding again changes the listing', async () => {
    const again = await save('admin', { customerId: c1.id, reason: '延长观察' });
    expect(again.json()).toMatchObject({ code: 200, msg: '白名单已更新，1分钟内生效' });
    const rows = await t.db.selectFrom('white_list').selectAll().where('customer_id', '=', c1.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: '延长观察', expires_at: null });
    expect((await list('finance1', { customerName: c1.name })).list.filter((i) => i.customerId === c1.id)).toHaveLength(1);
  });

  it('shows dealer staff only their own customers, with phones masked', async () => {
    const mine = await list('dealer1');
    expect(mine.list.map((i) => i.customerId)).toEqual([c1.id]);
    expect(mine.list[0]!.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await list('dealer1', { deptId: dept.dealer2 })).count).toBe(0);
    expect((await list('dealer2')).list.map((i) => i.customerId)).toEqual([c2.id]);
    // Full numbers for roles trusted with them.
    expect((await list('finance1', { customerName: c1.name })).list.find((i) => i.customerId === c1.id)!.customerPhone).toBe(c1.phone);
  });

  it('tells active from expired listings and filters by state', async () => {
    await t.db.updateTable('white_list').set({ expires_at: Date.now() - DAY }).where('customer_id', '=', c2.id).execute();
    expect((await list('finance1', { state: 'expired' })).list.map((i) => [i.customerId, i.state])).toEqual([[c2.id, 'expired']]);
    expect((await list('finance1', { state: 'active' })).list.map((i) => i.customerId)).toEqual([c1.id]);
  });

  it('refuses an expiry in the past, a missing or long reason, and a missing customer with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ customerId: c1b.id, reason: '测试', expiresAt: formatTime(Date.now() - 60_000) }, 'expiresAt'],
      [{ customerId: c1b.id, reason: '测试', expiresAt: '2030-02-30 00:00:00' }, 'expiresAt'],
      [{ customerId: c1b.id, reason: '   ' }, 'reason'],
      [{ customerId: c1b.id, reason: '长'.repeat(101) }, 'reason'],
      [{ reason: '测试' }, 'customerId'],
    ] as const) {
      const res = await save('finance1', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    expect(await t.db.selectFrom('white_list').select('id').where('customer_id', '=', c1b.id).execute()).toEqual([]);
  });

  it('answers 404 for a customer or listing outside the caller’s scope', async () => {
    expect((await save('finance1', { customerId: other.id, reason: '越权' })).statusCode).toBe(404);
    expect((await save('finance1', { customerId: 999_999, reason: '不存在' })).statusCode).toBe(404);
    await save('admin', { customerId: other.id, reason: '平台加入' });
    const theirs = (await list('admin', { customerName: other.name })).list.find((i) => i.customerId === other.id)!;
    expect((await del('finance1', theirs.id)).statusCode).toBe(404);
    expect((await list('admin', { customerName: other.name })).list.some((i) => i.customerId === other.id)).toBe(true);
  });

  it('lets only config editors change it', async () => {
    for (const user of ['operator1', 'dealer1']) {
      const res = await save(user, { customerId: c1b.id, reason: '无权限' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(401);
      expect((await post(user, '/api/report/whiteList/findCustomer', { keyword: c1b.name })).json().code).toBe(401);
    }
    expect((await list('operator1')).count).toBeGreaterThan(0);
  });

  it('removes a listing', async () => {
    const item = (await list('finance1')).list.find((i) => i.customerId === c1.id)!;
    const res = await del('finance1', item.id);
    expect(res.json()).toMatchObject({ code: 200, msg: '已移出白名单，1分钟内生效' });
    expect((await list('finance1')).list.some((i) => i.customerId === c1.id)).toBe(false);
    expect((await del('finance1', item.id)).statusCode).toBe(404);
    expect((await del('finance1', 'abc')).json().msg).toContain('id');
  });
});

describe('strict input', () => {
  it('takes ids only as integers and names the field once in each refusal', async () => {
    for (const [id, shown] of [['0x10', '0x10'], ['%2012%20', ' 12 '], ['1e1', '1e1'], ['true', 'true']]) {
      const res = await del('finance1', id);
      expect({ shown, status: res.statusCode, msg: res.json().msg }).toEqual({ shown, status: 400, msg: '参数错误：id 应为整数' });
    }
    for (const customerId of [true, '0x10', ' 12 ', '1e1']) {
      const res = await save('finance1', { customerId, reason: '测试' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('参数错误：customerId 应为整数');
    }
    expect((await save('finance1', { reason: '测试' })).json().msg).toBe('参数错误：customerId 不能为空');
    expect((await save('finance1', { customerId: c1b.id, reason: '长'.repeat(101) })).json().msg).toBe('参数错误：reason 最多100个字符');
    expect((await post('finance1', '/api/report/whiteList/findList', { pageNumber: 1_000_001 })).json().msg).toBe('参数错误：pageNumber 不能大于1000000');
    expect((await post('finance1', '/api/report/whiteList/findList', { deptId: true })).json().msg).toBe('参数错误：deptId 应为整数');
  });
});

describe('POST /api/report/whiteList/findCustomer', () => {
  it('finds the caller’s customers by name, phone or plate, and says which are listed', async () => {
    const byName = (await post('finance1', '/api/report/whiteList/findCustomer', { keyword: c2.name })).json().result as { id: number; listed: boolean; plateNumbers: string[] }[];
    expect(byName.find((c) => c.id === c2.id)).toMatchObject({ listed: true });
    const byPhone = (await post('finance1', '/api/report/whiteList/findCustomer', { keyword: c1b.phone })).json().result as { id: number; listed: boolean; plateNumbers: string[] }[];
    expect(byPhone.map((c) => c.id)).toEqual([c1b.id]);
    expect(byPhone[0]!.listed).toBe(false);
    const plate = byPhone[0]!.plateNumbers[0]!;
    expect(((await post('finance1', '/api/report/whiteList/findCustomer', { keyword: plate })).json().result as { id: number }[]).map((c) => c.id)).toContain(c1b.id);
    const outside = (await post('finance1', '/api/report/whiteList/findCustomer', { keyword: other.phone })).json().result as unknown[];
    expect(outside).toEqual([]);
    expect((await post('finance1', '/api/report/whiteList/findCustomer', { keyword: ' ' })).json().msg).toContain('keyword');
  });
});
