import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedDemoRecovery } from './demo-recovery.js';

let t: TestApp;
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo recovery cases', () => {
  it("has each institution's operator and recovery company work five chases through the case service", async () => {
    expect(await seedDemoRecovery(t.db, now)).toBe(10);
    const cases = await t.db.selectFrom('recovery_case').select(['id', 'state', 'finance_id', 'team_dept_id', 'opened_at', 'first_found_at', 'closed_at']).execute();
    for (const finance of new Set(cases.map((c) => c.finance_id))) {
      expect(cases.filter((c) => c.finance_id === finance).map((c) => c.state).sort()).toEqual(['found', 'locating', 'recovered', 'settled', 'unassigned']);
    }
    expect(cases.every((c) => c.opened_at < now && (c.closed_at === null || c.closed_at < now))).toBe(true);
    // One car of each institution was found within the last day: the home page's 24小时内找到.
    expect(cases.filter((c) => c.first_found_at !== null && c.first_found_at >= now - 24 * 3600_000 && c.closed_at === null)).toHaveLength(2);
    const team = await t.db.selectFrom('recovery_case_event as e').innerJoin('app_user as u', 'u.id', 'e.user_id').select(['u.username', 'e.action']).where('e.action', '=', 'recover').execute();
    expect(team.map((r) => r.username).sort()).toEqual(['recovery1', 'recovery2']);
    const audits = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'recovery.%').execute();
    expect(audits.length).toBeGreaterThanOrEqual(10);
  });
});
