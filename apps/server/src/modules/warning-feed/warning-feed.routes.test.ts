import { TOP_BAR_WINDOW_MS, type FeedWarning, type QuickSearchResult } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
type Dev = { id: number; number: string; carId: number; customerId: number; phone: string; name: string; frame: string; plate: string };
let mine: Dev;
let theirs: Dev;
const ids: Record<string, number> = {};

async function deviceOf(deptId: number): Promise<Dev> {
  const r = await t.db.selectFrom('device as d').innerJoin('car', 'car.id', 'd.car_id').innerJoin('customer as c', 'c.id', 'car.customer_id')
    .select(['d.id', 'd.device_number', 'car.id as car_id', 'c.id as customer_id', 'c.phone', 'c.name', 'car.frame_number', 'car.plate_number'])
    .where('d.dept_id', '=', deptId).orderBy('d.id').executeTakeFirstOrThrow();
  return { id: r.id, number: r.device_number, carId: r.car_id, customerId: r.customer_id, phone: r.phone, name: r.name, frame: r.frame_number, plate: r.plate_number };
}

async function addWarning(key: string, d: Dev, deptId: number, values: { type?: number; ageMs: number; deal?: number; pushed?: number }) {
  const at = Date.now() - values.ageMs;
  const row = await t.db.insertInto('warning').values({
    dept_id: deptId, device_id: d.id, car_id: d.carId, customer_id: d.customerId, warning_type: values.type ?? 1, risk_level: 2,
    deal_status: values.deal ?? 0, place_key: key, warning_time: at, last_time: at, pushed: values.pushed ?? 1,
  }).returning('id').executeTakeFirstOrThrow();
  ids[key] = row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
  mine = await deviceOf(dept.dealer1!);
  theirs = await deviceOf(dept.dealer2!);
  const hour = 3600_000;
  await addWarning('recent', mine, dept.dealer1!, { ageMs: hour });
  await addWarning('recent2', mine, dept.dealer1!, { ageMs: 2 * hour, type: 2 });
  await addWarning('old', mine, dept.dealer1!, { ageMs: TOP_BAR_WINDOW_MS + hour, type: 3 });
  await addWarning('handled', mine, dept.dealer1!, { ageMs: hour, deal: 1, type: 4 });
  await addWarning('notPushed', mine, dept.dealer1!, { ageMs: hour, pushed: 0, type: 5 });
  await addWarning('other', theirs, dept.dealer2!, { ageMs: hour });
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });

const ticker = async (user: string) => (await post(user, '/api/report/riskWarning/getUntreateWarningList')).json().result.list as FeedWarning[];
const count = async (user: string) => (await post(user, '/api/report/riskWarning/getRiskWarning')).json().result.allCountStatus0 as number;

describe('the ticker and the badge count', () => {
  it('show the unhandled, pushed warnings of the last 3 days in scope, newest first', async () => {
    const list = await ticker('dealer1');
    expect(list.map((w) => w.id)).toEqual([ids.recent, ids.recent2]);
    expect(list[0]).toMatchObject({ deviceNumber: mine.number, warningTypeName: '离线预警', dealStatus: 0, customerName: mine.name });
    expect(await count('dealer1')).toBe(2);
  });

  it('leave out the older, handled and do-not-push warnings', async () => {
    const shown = new Set((await ticker('admin')).map((w) => w.id));
    for (const key of ['old', 'handled', 'notPushed']) expect(shown.has(ids[key]!)).toBe(false);
    expect(shown.has(ids.other!)).toBe(true);
  });

  it('keep dealer2 and dealer1 apart; finance1 sees both of its dealers', async () => {
    expect((await ticker('dealer2')).map((w) => w.id)).toEqual([ids.other]);
    expect(await count('dealer2')).toBe(1);
    const financeDealers = (await t.db.selectFrom('dept').select('id').where('parent_id', '=', dept.finance1!).execute()).map((d) => d.id);
    const expected = (financeDealers.includes(dept.dealer1!) ? 2 : 0) + (financeDealers.includes(dept.dealer2!) ? 1 : 0);
    expect(expected).toBeGreaterThan(0);
    expect(await count('finance1')).toBe(expected);
  });

  it('mask the phone without customer:sensitive', async () => {
    const [w] = await ticker('dealer1');
    expect(w!.customerPhone).toBe(`${mine.phone.slice(0, 3)}****${mine.phone.slice(-4)}`);
    const full = (await ticker('admin')).find((x) => x.id === ids.recent);
    expect(full!.customerPhone).toBe(mine.phone);
  });

  it('need warning:view', async () => {
    expect((await post('installer1', '/api/report/riskWarning/getRiskWarning')).json().code).toBe(401);
  });
});

describe('getRiskWarningList', () => {
  it('pages the same warnings as the count, 10 by default', async () => {
    const first = (await post('dealer1', '/api/report/riskWarning/getRiskWarningList', { pageSize: 1, pageNumber: 1 })).json().result;
    const second = (await post('dealer1', '/api/report/riskWarning/getRiskWarningList', { pageSize: 1, pageNumber: 2 })).json().result;
    expect(first.count).toBe(2);
    expect([first.list[0].id, second.list[0].id]).toEqual([ids.recent, ids.recent2]);
    const all = (await post('dealer1', '/api/report/riskWarning/getRiskWarningList', {})).json().result;
    expect(all.list).toHaveLength(2);
  });

  it('takes a date window and a deal status', async () => {
    const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const wide = { beginDate: fmt(Date.now() - 10 * 24 * 3600_000), endDate: fmt(Date.now() + 60_000) };
    const open = (await post('dealer1', '/api/report/riskWarning/getRiskWarningList', { ...wide, dealStatus: 0 })).json().result;
    expect(open.list.map((w: FeedWarning) => w.id)).toEqual([ids.recent, ids.recent2, ids.old]);
    const handled = (await post('dealer1', '/api/report/riskWarning/getRiskWarningList', { ...wide, dealStatus: 1 })).json().result;
    expect(handled.list.map((w: FeedWarning) => w.id)).toEqual([ids.handled]);
  });

  it('answers 400 naming the bad field', async () => {
    for (const [payload, field] of [
      [{ pageSize: 0 }, 'pageSize'],
      [{ dealStatus: 7 }, 'dealStatus'],
      [{ beginDate: '2026-13-01' }, 'beginDate'],
      [{ beginDate: '2026-01-02 00:00:00', endDate: '2026-01-01 00:00:00' }, 'beginDate'],
    ] as const) {
      const body = (await post('dealer1', '/api/report/riskWarning/getRiskWarningList', payload)).json();
      expect(body.code).toBe(400);
      expect(body.msg).toContain(field);
    }
  });

  it('is strict about numbers: no booleans, hex, padded digits or exponents, and names the bound passed', async () => {
    for (const [payload, msg] of [
      [{ pageNumber: true }, '参数错误：pageNumber 应为整数'],
      [{ pageNumber: '0x10' }, '参数错误：pageNumber 应为整数'],
      [{ pageNumber: ' 12 ' }, '参数错误：pageNumber 应为整数'],
      [{ pageSize: '1e1' }, '参数错误：pageSize 应为整数'],
      [{ pageNumber: 1_000_001 }, '参数错误：pageNumber 不能大于1000000'],
      [{ dealStatus: true }, '参数错误：dealStatus 应为整数'],
      [{ dealStatus: 2 }, '参数错误：dealStatus 取值无效，可选：0、1'],
    ] as const) {
      const res = await post('dealer1', '/api/report/riskWarning/getRiskWarningList', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });
});

describe('queryQuickly', () => {
  const quick = async (user: string, quickParam: string) => {
    const body = (await post(user, '/api/indexMonitoring/queryQuickly', { quickParam })).json();
    expect(body.code).toBe(200);
    return body.result as QuickSearchResult;
  };

  it('finds a device by its number with its unhandled warnings and their list filters', async () => {
    const r = await quick('dealer1', mine.number);
    expect(r.devList.list[0]).toMatchObject({ deviceNumber: mine.number, customerName: mine.name });
    const types = r.warnList.list.map((w) => w.warningType).sort();
    // Unhandled ones only, the do-not-push one included: the search is not a notification.
    expect(types).toEqual([1, 2, 3, 5]);
    expect(r.warnList.list.find((w) => w.warningType === 1)!.filters).toEqual({ deviceNumber: mine.number, warningType: 1, dealStatus: 0 });
  });

  const finds = async (user: string, text: string) => (await quick(user, text)).devList.list.map((d) => d.deviceNumber);

  it.each([
    ['the start of the device number', () => mine.number.slice(0, -3)],
    ['the whole plate', () => mine.plate],
    ['the plate without its province', () => mine.plate.slice(1).toLowerCase()],
    ['the whole frame number', () => mine.frame],
    ['the last 6 of the frame number, in small letters', () => mine.frame.slice(-6).toLowerCase()],
    ['the customer name', () => mine.name],
    ['the given name alone', () => mine.name.slice(1)],
    ['the whole phone', () => mine.phone],
    ['the whole phone typed with spaces', () => `${mine.phone.slice(0, 3)} ${mine.phone.slice(3, 7)} ${mine.phone.slice(7)}`],
    ['the last 4 digits of the phone', () => mine.phone.slice(-4)],
    ['the last 6 digits of the phone', () => mine.phone.slice(-6)],
  ])('finds a device by %s', async (_, text) => {
    expect(await finds('dealer1', text())).toContain(mine.number);
  });

  it('does not take the middle of a device number, nor 3 digits as a phone tail', async () => {
    expect(await finds('dealer1', mine.number.slice(3))).not.toContain(mine.number);
    const customer = await t.db.selectFrom('customer').select(['id', 'phone']).where('id', '=', mine.customerId).executeTakeFirstOrThrow();
    // A tail no plate, frame or device number of the seed holds, so only the phone rule could find it.
    await t.db.updateTable('customer').set({ phone: '19912340427' }).where('id', '=', customer.id).execute();
    try {
      expect(await finds('dealer1', '0427')).toContain(mine.number);
      expect(await finds('dealer1', '427')).not.toContain(mine.number);
    } finally {
      await t.db.updateTable('customer').set({ phone: customer.phone }).where('id', '=', customer.id).execute();
    }
  });

  it.each([
    ['plate', () => theirs.plate],
    ['frame number', () => theirs.frame.slice(-6)],
    ['customer name', () => theirs.name],
    ['phone', () => theirs.phone],
    ['phone tail', () => theirs.phone.slice(-4)],
  ])("never finds another dealer's car by its %s", async (_, text) => {
    expect(await finds('dealer1', text())).not.toContain(theirs.number);
    expect(await finds('dealer2', text())).toContain(theirs.number);
  });

  it('never shows another dealer\'s devices or warnings', async () => {
    const r = await quick('dealer1', theirs.number);
    expect(r.devList.list).toEqual([]);
    expect(r.warnList.list).toEqual([]);
    expect((await quick('dealer2', theirs.number)).warnList.list.map((w) => w.id)).toEqual([ids.other]);
  });

  it('masks phones for dealer staff and limits each group to 10', async () => {
    const r = await quick('dealer1', mine.number.slice(0, 2));
    expect(r.devList.list.length).toBeLessThanOrEqual(10);
    expect(r.devList.list.every((d) => d.customerPhone === null || d.customerPhone.includes('****'))).toBe(true);
  });

  it('refuses empty text', async () => {
    const body = (await post('dealer1', '/api/indexMonitoring/queryQuickly', { quickParam: '  ' })).json();
    expect(body.code).toBe(400);
    expect(body.msg).toBe('参数错误：quickParam 请输入设备号/手机号/车架号/姓名');
    const long = (await post('dealer1', '/api/indexMonitoring/queryQuickly', { quickParam: '8'.repeat(51) })).json();
    expect(long.msg).toBe('参数错误：quickParam 最多50个字符');
  });
});
