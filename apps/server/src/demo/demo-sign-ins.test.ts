import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { noteAct, recordDemoSignIns, type FirstActs } from './demo-sign-ins.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('an account that handled a warning just after midnight (Shanghai) signed in before it, even if that was the evening before', async () => {
  const admin = await t.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  // 2026-11-20 00:01 in Shanghai: too early in the day for any sign-in after midnight to precede it by minutes.
  const act = Date.UTC(2026, 10, 19, 16, 1);
  const acts: FirstActs = new Map();
  noteAct(acts, admin.id, act);
  await recordDemoSignIns(t.db, Date.UTC(2026, 10, 22), 7, 11, acts);
  const logins = await t.db.selectFrom('audit_log').select('at').where('action', '=', 'session.login').where('user_id', '=', admin.id).execute();
  expect(logins.some((l) => l.at < act && act - l.at <= 30 * 60_000)).toBe(true);
});
