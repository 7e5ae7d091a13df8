import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptsOfUsers, devicesOf, insertWarning } from '../modules/warning/warning.fixture.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { handleDemoWarnings } from './demo-handling.js';

let t: TestApp;
const HOUR = 3_600_000;
const now = Date.now();
const ids: { old: number[]; recent: number[] } = { old: [], recent: [] };

beforeAll(async () => {
  t = await createTestApp();
  const dept = await deptsOfUsers(t.db);
  const devices = [...(await devicesOf(t.db, dept.dealer1!, 5)), ...(await devicesOf(t.db, dept.dealer2!, 5))];
  for (const [i, d] of devices.entries()) {
    ids.old.push(await insertWarning(t.db, d, 1, now - (4 * 24 + i) * HOUR), await insertWarning(t.db, d, 4, now - (5 * 24 + i) * HOUR));
    ids.recent.push(await insertWarning(t.db, d, 2, now - HOUR));
  }
});
afterAll(() => t.close());

describe('the demo operators’ handling history', () => {
  it('handles most older warnings, leaves the last hours open, and writes as people in scope would', async () => {
    const handled = await handleDemoWarnings(t.db, now, 7, () => {});
    const rows = await t.db
      .selectFrom('warning as w')
      .leftJoin('app_user as u', 'u.id', 'w.deal_user_id')
      .leftJoin('dept as ud', 'ud.id', 'u.dept_id')
      .innerJoin('dept as wd', 'wd.id', 'w.dept_id')
      .select(['w.id', 'w.deal_status', 'w.deal_time', 'w.warning_time', 'w.deal_description', 'ud.path as user_path', 'wd.path as warning_path'])
      .where('w.id', 'in', [...ids.old, ...ids.recent])
      .execute();
    const done = rows.filter((r) => r.deal_status === 1);
    expect(handled).toBe(done.length);
    // 85 % of 20 four-day-old warnings: well over half, and never one of the last hour.
    expect(done.length).toBeGreaterThan(10);
    expect(done.every((r) => ids.old.includes(r.id))).toBe(true);
    for (const r of done) {
      expect(r.deal_time!).toBeGreaterThan(r.warning_time);
      expect(r.deal_time!).toBeLessThan(now);
      expect(r.deal_description!.length).toBeGreaterThanOrEqual(3);
      // The handler's department holds the warning's: a dealer never handles another dealer's car.
      expect(r.warning_path.startsWith(r.user_path!)).toBe(true);
    }
    // Mostly the institution's operators, above the dealers.
    expect(done.filter((r) => r.user_path !== r.warning_path).length).toBeGreaterThan(done.length / 2);
    const audit = await t.db.selectFrom('warning_deal').select(['warning_id', 'at']).where('warning_id', 'in', done.map((r) => r.id)).execute();
    expect(audit.map((a) => a.warning_id).sort()).toEqual(done.map((r) => r.id).sort());
  });

  it('the accounts signed in before they handled, so 最近登录 shows a time instead of 从未登录', async () => {
    // Runs after the handling above, on the same database.
    const handlers = await t.db.selectFrom('warning').select(['deal_user_id', 'deal_time']).where('deal_status', '=', 1).where('id', 'in', ids.old).execute();
    const logins = await t.db.selectFrom('audit_log').select(['user_id', 'at']).where('action', '=', 'session.login').execute();
    for (const h of handlers) {
      // A sign-in the same day, before the handling.
      const before = logins.filter((l) => l.user_id === h.deal_user_id && l.at <= h.deal_time! && h.deal_time! - l.at < 24 * HOUR);
      expect(before.length).toBeGreaterThan(0);
    }
    expect(logins.every((l) => l.at < now)).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/system/user/list', headers: { accessToken: await t.login('admin') }, payload: { pageNumber: 1, pageSize: 100 } });
    const users = res.json().result.list as { username: string; lastLoginTime: string | null }[];
    expect(users.filter((u) => u.lastLoginTime !== null).length).toBeGreaterThan(users.length / 2);
  });
});
