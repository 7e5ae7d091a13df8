import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deptsOfUsers, devicesOf, insertWarning, type FixtureDevice } from './warning.fixture.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let dept: Record<string, number> = {};
const HOUR = 3600_000;
/** Later than every demo warning, so these come first in the newest-first order. */
const T = Date.UTC(2030, 0, 1);

const next = (user: string, id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/report/riskWarning/findNextUnhandled?id=${id}`, headers: { accessToken: tokens[user]! } });
const nextId = async (user: string, id: number) => {
  const { code, result } = (await next(user, id)).json() as { code: number; result: { entity: { id: number } | null } };
  expect(code).toBe(200);
  return result.entity?.id ?? null;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['finance1', 'dealer1', 'dealer3', 'installer1']) tokens[u] = await t.login(u);
  dept = await deptsOfUsers(t.db);
});
afterAll(() => t.close());

describe('findNextUnhandled', () => {
  let a: number;
  let b: number;
  let c: number;

  beforeAll(async () => {
    const [mine] = (await devicesOf(t.db, dept.dealer1!, 1)) as [FixtureDevice];
    const [other] = (await devicesOf(t.db, dept.dealer3!, 1)) as [FixtureDevice];
    a = await insertWarning(t.db, mine, 1, T + 3 * HOUR);
    b = await insertWarning(t.db, other, 1, T + 2 * HOUR);
    await insertWarning(t.db, mine, 2, T + 1.5 * HOUR, { handled: true });
    c = await insertWarning(t.db, mine, 3, T + HOUR);
  });

  it("gives the next unhandled warning below this one, newest first, of the caller's scope only", async () => {
    // dealer1 never gets dealer3's warning b, nor the handled one between.
    expect(await nextId('dealer1', a)).toBe(c);
    // finance1 sees both dealers: b comes next.
    expect(await nextId('finance1', a)).toBe(b);
    expect(await nextId('finance1', b)).toBe(c);
    const item = (await next('dealer1', a)).json().result.entity;
    expect(item).toMatchObject({ id: c, dealStatus: 0, warningType: 3, deptId: dept.dealer1 });
    expect(item.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('answers 404 for a warning outside the scope, as if it did not exist', async () => {
    const res = await next('dealer1', b);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: '预警不存在或无权查看' });
    expect((await next('dealer1', 2_000_000_000)).statusCode).toBe(404);
  });

  it('wraps round to the newest when nothing is below, and says null when nothing is left', async () => {
    // dealer3's own queue, emptied but for two warnings of this test.
    await t.db.updateTable('warning').set({ deal_status: 1 }).where('dept_id', '=', dept.dealer3!).execute();
    const [device] = (await devicesOf(t.db, dept.dealer3!, 1)) as [FixtureDevice];
    const newer = await insertWarning(t.db, device, 5, T + 5 * HOUR);
    expect(await nextId('dealer3', newer)).toBeNull();
    const older = await insertWarning(t.db, device, 6, T - 400 * 24 * HOUR);
    expect(await nextId('dealer3', newer)).toBe(older);
    expect(await nextId('dealer3', older)).toBe(newer);
  });

  it('refuses bad ids and callers without warning:view', async () => {
    for (const bad of ['0', 'abc', '1.5', '-3', '']) expect((await next('dealer1', bad)).json().code).toBe(400);
    const res = await next('installer1', a);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(401);
  });
});
