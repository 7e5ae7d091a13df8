import type {
  AlarmCountStats,
  CarCityStats,
  CarProvinceStats,
  CustomerGradeStats,
  CustomerWarningStats,
  WarningCountStats,
  WarningDaySeries,
  WarningDetailStats,
  WarningListWeek,
} from '@cvrisk/contracts';
import type { ExpressionBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../db/schema.js';
import { HOME_NOW, insertHomeFixture, TODAY } from '../../test/home-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The home figures through the API, checked against the warning, alarm, customer and car rows each
 * caller may see: dealer1 its dealer, finance1 its three dealers, admin everything. The clock stands
 * an hour into a Shanghai Monday, when UTC is still on Sunday.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const scopes: Record<string, number[] | 'all'> = {};
const DAY = 86_400_000;

const get = async <T>(user: string, name: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/indexMonitoring/${name}`, headers: { accessToken: tokens[user]! } });
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().result as T;
};
const within = (user: string) => (eb: ExpressionBuilder<DB, 'warning'>) =>
  scopes[user] === 'all' ? eb.lit(true) : eb('warning.dept_id', 'in', scopes[user] as number[]);
/** The warnings of a user's scope, counted in the database itself. */
const countWarnings = async (user: string, where: (q: ReturnType<typeof base>) => ReturnType<typeof base> = (q) => q) => {
  const r = await where(base().where(within(user))).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
};
const base = () => t.db.selectFrom('warning');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(HOME_NOW);
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'dealer1', 'dealer2', 'installer1']) tokens[u] = await t.login(u);
  const depts = await t.db.selectFrom('dept').select(['id', 'parent_id', 'kind']).execute();
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  const deptOf = (u: string) => users.find((x) => x.username === u)!.dept_id;
  scopes.admin = 'all';
  scopes.dealer1 = [deptOf('dealer1')];
  scopes.dealer2 = [deptOf('dealer2')];
  scopes.finance1 = [deptOf('finance1'), ...depts.filter((d) => d.parent_id === deptOf('finance1')).map((d) => d.id)];
  const otherDealer = depts.find((d) => d.kind === 'dealer' && !scopes.finance1.includes(d.id))!.id;
  await insertHomeFixture(t.db, [deptOf('dealer1'), deptOf('dealer2'), otherDealer]);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('warningCount', () => {
  it.each(['admin', 'finance1', 'dealer1'])('counts today (Shanghai), unhandled and handled today within %s scope', async (user) => {
    const figures = await get<WarningCountStats>(user, 'warningCount');
    expect(figures).toEqual({
      today: await countWarnings(user, (q) => q.where('warning_time', '>=', TODAY).where('warning_time', '<', TODAY + DAY)),
      unhandled: await countWarnings(user, (q) => q.where('deal_status', '=', 0)),
      handledToday: await countWarnings(user, (q) => q.where('deal_time', '>=', TODAY).where('deal_time', '<', TODAY + DAY)),
    });
    expect(figures.today).toBeGreaterThan(0);
    expect(figures.handledToday).toBeGreaterThan(0);
  });

  it('leaves yesterday 23:59 out of today, and the wider scope holds the narrower', async () => {
    const dealer1 = await get<WarningCountStats>('dealer1', 'warningCount');
    const dealer2 = await get<WarningCountStats>('dealer2', 'warningCount');
    const finance1 = await get<WarningCountStats>('finance1', 'warningCount');
    const admin = await get<WarningCountStats>('admin', 'warningCount');
    // Three devices each: one warning at 00:00 and one at 00:30 today; the one at 23:59 is yesterday's.
    expect(dealer1.today).toBe(6);
    expect(finance1.today).toBe(dealer1.today + dealer2.today);
    expect(admin.today).toBeGreaterThan(finance1.today);
  });
});

describe('warning series', () => {
  it('covers the last 7 Shanghai days, zero-filled, adding up to the rows in the window', async () => {
    const { list } = await get<WarningDaySeries>('dealer1', 'warningCount7day');
    expect(list.map((d) => d.day)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    expect(list[3]).toEqual({ day: '2026-11-20', high: 0, medium: 0, low: 0 });
    const sum = list.reduce((s, d) => s + d.high + d.medium + d.low, 0);
    expect(sum).toBe(await countWarnings('dealer1', (q) => q.where('warning_time', '>=', TODAY - 6 * DAY)));
    const high = list.reduce((s, d) => s + d.high, 0);
    expect(high).toBe(await countWarnings('dealer1', (q) => q.where('warning_time', '>=', TODAY - 6 * DAY).where('risk_level', '=', 1)));
  });

  it.each(['admin', 'finance1', 'dealer2'])('covers 30 days for %s, with the rows of its scope', async (user) => {
    const { list } = await get<WarningDaySeries>(user, 'warningCount30day');
    expect(list).toHaveLength(30);
    expect(list[0]!.day).toBe('2026-10-25');
    expect(list.at(-1)!.day).toBe('2026-11-23');
    const sum = list.reduce((s, d) => s + d.high + d.medium + d.low, 0);
    expect(sum).toBe(await countWarnings(user, (q) => q.where('warning_time', '>=', TODAY - 29 * DAY)));
  });
});

describe('unhandled warnings by type', () => {
  it.each(['admin', 'finance1', 'dealer1'])('lists every type for %s, adding up to its unhandled count', async (user) => {
    const { list } = await get<CustomerWarningStats>(user, 'customerWarningStatistics');
    const { unhandled } = await get<WarningCountStats>(user, 'warningCount');
    expect(list).toHaveLength(11);
    expect(list[0]).toMatchObject({ warningType: 1, warningTypeName: '离线预警' });
    expect(list.reduce((s, r) => s + r.count, 0)).toBe(unhandled);
    for (const r of list) expect(r.customers).toBeLessThanOrEqual(r.count);
  });

  it('details each type with its high warnings and the newest time', async () => {
    const { list } = await get<WarningDetailStats>('dealer1', 'warningDetails');
    const open = await base().select(['warning_type', 'risk_level', 'warning_time']).where(within('dealer1')).where('deal_status', '=', 0).execute();
    for (const row of list) {
      const mine = open.filter((w) => w.warning_type === row.warningType);
      expect(row.unhandled).toBe(mine.length);
      expect(row.high).toBe(mine.filter((w) => w.risk_level === 1).length);
      if (mine.length === 0) expect(row.latestTime).toBeNull();
    }
    // The fixture's newest unhandled warning is at 00:00 today, Shanghai time.
    expect(list.map((r) => r.latestTime).filter(Boolean).sort().at(-1)).toBe('2026-11-23 00:00:00');
  });
});

describe('warningListWeek', () => {
  it('gives this week (from Monday 00:00 Shanghai) newest first, in scope only', async () => {
    const week = await get<WarningListWeek>('dealer1', 'warningListWeek');
    expect(week.count).toBe(await countWarnings('dealer1', (q) => q.where('warning_time', '>=', TODAY)));
    expect(week.list).toHaveLength(week.count);
    expect(week.list.map((w) => w.warningTime)).toEqual(['2026-11-23 00:30:00', '2026-11-23 00:30:00', '2026-11-23 00:30:00', '2026-11-23 00:00:00', '2026-11-23 00:00:00', '2026-11-23 00:00:00']);
    const mine = await t.db.selectFrom('device').select('device_number').where('dept_id', 'in', scopes.dealer1 as number[]).execute();
    const numbers = new Set(mine.map((d) => d.device_number));
    for (const w of week.list) {
      expect(numbers.has(w.deviceNumber)).toBe(true);
      expect(w).toMatchObject({ warningTypeName: expect.any(String), riskLevel: expect.any(Number), dealStatus: expect.any(Number) });
    }
  });

  it('returns at most 10 rows to admin, with the full count', async () => {
    const week = await get<WarningListWeek>('admin', 'warningListWeek');
    expect(week.count).toBe(await countWarnings('admin', (q) => q.where('warning_time', '>=', TODAY)));
    expect(week.list.length).toBe(Math.min(10, week.count));
  });
});

describe('alarms, customers and cars', () => {
  it.each(['admin', 'finance1', 'dealer1'])('counts device alarms of today, 7 days and open for %s', async (user) => {
    const alarms = t.db.selectFrom('device_alarm').select((eb) => eb.fn.countAll<number>().as('n'));
    const scoped = scopes[user] === 'all' ? alarms : alarms.where('dept_id', 'in', scopes[user] as number[]);
    const n = async (q: typeof scoped) => Number((await q.executeTakeFirstOrThrow()).n);
    expect(await get<AlarmCountStats>(user, 'alarmCount')).toEqual({
      today: await n(scoped.where('start_time', '>=', TODAY).where('start_time', '<', TODAY + DAY)),
      week: await n(scoped.where('start_time', '>=', TODAY - 6 * DAY).where('start_time', '<', TODAY + DAY)),
      open: await n(scoped.where('end_time', 'is', null)),
    });
  });

  it.each(['admin', 'finance1', 'dealer1'])('splits the customers of %s by grade, adding up to the customer count', async (user) => {
    const grades = await get<CustomerGradeStats>(user, 'customerGrade');
    const { total } = await get<{ total: number }>(user, 'customerCount');
    expect(Object.keys(grades).sort()).toEqual(['general', 'high', 'potential']);
    expect(grades.high + grades.potential + grades.general).toBe(total);
  });

  it.each(['admin', 'finance1', 'dealer1'])('counts the cars of %s per bound province, adding up to the car count', async (user) => {
    const { list } = await get<CarProvinceStats>(user, 'carProvinceCount');
    const { count } = await get<{ count: number }>(user, 'carCount');
    expect(list.reduce((s, p) => s + p.count, 0)).toBe(count);
    expect(list.map((p) => p.count)).toEqual([...list.map((p) => p.count)].sort((a, b) => b - a));
  });
});

describe('carCityCount', () => {
  const cities = (user: string, province: string) => get<CarCityStats>(user, `carCityCount?province=${encodeURIComponent(province)}`);
  /** The cars in a province per bound city, counted in the database itself for a user's scope. */
  const carsByCity = async (user: string, province: string) => {
    const q = t.db.selectFrom('car').select(['region_city']).where('region_province', '=', province);
    const rows = await (scopes[user] === 'all' ? q : q.where('dept_id', 'in', scopes[user] as number[])).execute();
    const counts: Record<string, number> = {};
    for (const r of rows) counts[r.region_city] = (counts[r.region_city] ?? 0) + 1;
    return counts;
  };
  const provinceOf = async (user: string) =>
    (await t.db.selectFrom('car').select('region_province').where('dept_id', 'in', scopes[user] as number[]).executeTakeFirstOrThrow()).region_province;

  it("counts a dealer's cars of its province per city, most first, adding up to the province figure", async () => {
    const province = await provinceOf('dealer1');
    const { list } = await cities('dealer1', province);
    expect(Object.fromEntries(list.map((c) => [c.city, c.count]))).toEqual(await carsByCity('dealer1', province));
    expect(list.map((c) => c.count)).toEqual([...list.map((c) => c.count)].sort((a, b) => b - a));
    const provinces = await get<CarProvinceStats>('dealer1', 'carProvinceCount');
    expect(list.reduce((s, c) => s + c.count, 0)).toBe(provinces.list.find((p) => p.province === province)!.count);
  });

  it("gives a dealer none of the cars of another dealer's province, which admin sees", async () => {
    const other = await provinceOf('dealer2');
    expect(other).not.toBe(await provinceOf('dealer1'));
    expect((await cities('dealer1', other)).list).toEqual([]);
    const all = await cities('admin', other);
    expect(all.list.length).toBeGreaterThan(0);
    expect(Object.fromEntries(all.list.map((c) => [c.city, c.count]))).toEqual(await carsByCity('admin', other));
  });

  it('answers an empty list for a province no car is bound to', async () => {
    expect((await cities('admin', '火星省')).list).toEqual([]);
  });

  it('refuses a missing or too long province with 400, naming the field', async () => {
    for (const [url, msg] of [
      [`province=${encodeURIComponent('省'.repeat(31))}`, '参数错误：province 最多30个字符'],
      ['', '参数错误：province 不能为空'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/indexMonitoring/carCityCount?${url}`, headers: { accessToken: tokens.dealer1! } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg });
    }
  });
});

describe('permissions', () => {
  it('answers the no-permission code to an installer for warning and customer figures, but not for devices', async () => {
    for (const name of ['warningCount', 'warningCount7day', 'customerWarningStatistics', 'warningListWeek', 'alarmCount', 'customerGrade', 'warningDetails']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/indexMonitoring/${name}`, headers: { accessToken: tokens.installer1! } });
      expect(res.json().code, name).toBe(401);
    }
    expect((await get<{ total: number }>('installer1', 'deviceOnline')).total).toBeGreaterThanOrEqual(0);
  });

  it('asks for a session without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/indexMonitoring/warningCount' });
    expect(res.json().code).toBe(5003);
  });
});
