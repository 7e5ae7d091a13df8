import { AccountCalls, SessionCalls, type SessionItem } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed-demo.js';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // An administrator of the first institution who holds little else; dealer staff hold more than it.
  await addAccountBeside(t, 'finance1', 'finadmin', ['user:admin', 'warning:view']);
  await addAccountBeside(t, 'dealer1', 'dealerlite', ['warning:view']);
});
afterAll(() => t.close());

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

async function signIn(username: string, password = DEMO_PASSWORD, from = { ip: '10.20.0.1', ua: CHROME }) {
  const res = await t.app.inject({ method: SessionCalls.login.method, url: SessionCalls.login.path, payload: { username, password }, remoteAddress: from.ip, headers: { 'user-agent': from.ua } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data?: { accessToken: string } } };
}
async function tokenOf(username: string, password = DEMO_PASSWORD, from?: { ip: string; ua: string }) {
  const { body } = await signIn(username, password, from);
  if (!body.data) throw new Error(`${username} did not sign in: ${body.msg}`);
  return body.data.accessToken;
}
const post = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: token }, payload });
const change = (token: string, oldPassword: string, newPassword: string) => post(token, AccountCalls.changePassword.path, { oldPassword, newPassword });
const userInfo = (token: string) => post(token, SessionCalls.userInfo.path, {});
async function sessions(token: string): Promise<SessionItem[]> {
  const res = await t.app.inject({ method: 'GET', url: AccountCalls.sessions.path, headers: { accessToken: token } });
  expect(res.statusCode).toBe(200);
  return res.json().result as SessionItem[];
}
const userId = async (username: string) => (await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const auditOf = (username: string, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('username', '=', username).where('action', '=', action).orderBy('id').execute();

describe('changing one\'s own password', () => {
  it('refuses each rule of the policy with its message', async () => {
    const token = await tokenOf('dealer3');
    const refused = async (oldPassword: string, newPassword: string) => {
      const res = await change(token, oldPassword, newPassword);
      expect(res.statusCode).toBe(400);
      return res.json().msg as string;
    };
    expect(await refused(DEMO_PASSWORD, 'abc123')).toBe('参数错误：newPassword 密码至少8位');
    expect(await refused(DEMO_PASSWORD, 'abcdefghij')).toBe('参数错误：newPassword 密码须同时包含字母和数字');
    expect(await refused(DEMO_PASSWORD, '1234567890')).toBe('参数错误：newPassword 密码须同时包含字母和数字');
    expect(await refused(DEMO_PASSWORD, `a1${'x'.repeat(63)}`)).toBe('参数错误：newPassword 密码最多64位');
    expect(await refused('Wrong@2026', 'Fresh2026x')).toBe('当前密码不正确');
    await t.db.updateTable('app_user').set({ username: 'dealer3x1' }).where('username', '=', 'dealer3').execute();
    try {
      expect(await refused(DEMO_PASSWORD, 'DEALER3X1')).toBe('新密码不能与用户名相同');
    } finally {
      await t.db.updateTable('app_user').set({ username: 'dealer3' }).where('username', '=', 'dealer3x1').execute();
    }
    expect(await refused(DEMO_PASSWORD, DEMO_PASSWORD)).toBe('新密码不能与最近3次使用的密码相同');
    // Nothing refused changed anything: the demo password still signs in.
    expect((await signIn('dealer3')).status).toBe(200);
  });

  it('changes the password, ends the user\'s other sessions and keeps the current one', async () => {
    const other = await tokenOf('dealer4', DEMO_PASSWORD, { ip: '10.20.0.2', ua: IPHONE });
    const current = await tokenOf('dealer4');
    const res = await change(current, DEMO_PASSWORD, 'Harbour2026');
    expect(res.json()).toEqual({ code: 200, msg: '密码已修改，其他1个会话已退出登录', result: null });
    expect((await userInfo(other)).json().code).toBe(5003);
    expect((await userInfo(current)).json().code).toBe(200);
    expect((await signIn('dealer4')).body).toEqual({ code: 400, msg: '用户名或密码错误' });
    expect((await signIn('dealer4', 'Harbour2026')).status).toBe(200);
    const row = await t.db.selectFrom('app_user').select('password_changed_at').where('username', '=', 'dealer4').executeTakeFirstOrThrow();
    expect(row.password_changed_at).toEqual(expect.any(Number));
    const [entry] = await auditOf('dealer4', 'account.changePassword');
    expect(entry).toMatchObject({ user_id: await userId('dealer4'), target: 'dealer4' });
    expect(entry!.detail).not.toContain('Harbour2026');
    expect(entry!.detail).not.toContain(DEMO_PASSWORD);
  });

  it('refuses each of the last 3 passwords and allows an older one', async () => {
    const token = await tokenOf('dealer5');
    expect((await change(token, DEMO_PASSWORD, 'Second2026')).statusCode).toBe(200);
    expect((await change(token, 'Second2026', 'Third2026')).statusCode).toBe(200);
    for (const reused of [DEMO_PASSWORD, 'Second2026', 'Third2026']) {
      expect((await change(token, 'Third2026', reused)).json()).toEqual({ code: 400, msg: '新密码不能与最近3次使用的密码相同' });
    }
    expect((await change(token, 'Third2026', 'Fourth2026')).statusCode).toBe(200);
    // The demo password is now the fourth most recent: allowed again.
    expect((await change(token, 'Fourth2026', DEMO_PASSWORD)).statusCode).toBe(200);
    const kept = await t.db.selectFrom('password_history').select('id').where('user_id', '=', await userId('dealer5')).execute();
    expect(kept).toHaveLength(2);
  });
});

describe('one\'s own sessions', () => {
  it('lists them with address and browser, marking the current one, without the token', async () => {
    const phone = await tokenOf('dealer6', DEMO_PASSWORD, { ip: '10.20.1.7', ua: IPHONE });
    const desk = await tokenOf('dealer6', DEMO_PASSWORD, { ip: '10.20.1.8', ua: CHROME });
    const list = await sessions(desk);
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({ ip: '10.20.1.8', browser: 'Chrome 120 · Windows', current: true });
    expect(list.find((s) => !s.current)).toMatchObject({ ip: '10.20.1.7', browser: 'Safari 17 · iOS', current: false });
    expect(mine.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const text = JSON.stringify(list);
    expect(text).not.toContain(desk);
    expect(text).not.toContain(phone);
    const hashes = await t.db.selectFrom('session').select('token_hash').execute();
    for (const { token_hash } of hashes) expect(text).not.toContain(token_hash.slice(0, 16));
  });

  it('ends another one at once, refuses the current one, and hides other users\' sessions', async () => {
    const phone = await tokenOf('operator2', DEMO_PASSWORD, { ip: '10.20.2.1', ua: IPHONE });
    const desk = await tokenOf('operator2', DEMO_PASSWORD, { ip: '10.20.2.2', ua: CHROME });
    const list = await sessions(desk);
    const other = list.find((s) => !s.current)!;
    const current = list.find((s) => s.current)!;
    expect((await post(desk, AccountCalls.endSession.path, { id: current.id })).json()).toEqual({ code: 409, msg: '请使用退出登录结束当前会话' });
    const stranger = await tokenOf('installer2');
    const foreign = await post(stranger, AccountCalls.endSession.path, { id: other.id });
    expect(foreign.statusCode).toBe(404);
    expect((await userInfo(phone)).json().code).toBe(200);
    expect((await post(desk, AccountCalls.endSession.path, { id: other.id })).json()).toEqual({ code: 200, msg: '会话已结束', result: null });
    expect((await userInfo(phone)).json().code).toBe(5003);
    expect((await userInfo(desk)).json().code).toBe(200);
    expect((await sessions(desk)).map((s) => s.id)).toEqual([current.id]);
    expect(await auditOf('operator2', 'account.endSession')).toEqual([expect.objectContaining({ target: 'operator2', detail: JSON.stringify({ sessionId: other.id }) })]);
  });
});

describe('an administrator and the sessions of others', () => {
  it('lists and ends a session of a user in scope', async () => {
    const admin = await tokenOf('admin');
    const victim = await tokenOf('dealer2', DEMO_PASSWORD, { ip: '10.20.3.1', ua: CHROME });
    const res = await post(admin, AccountCalls.userSessions.path, { userId: await userId('dealer2') });
    const list = res.json().result as SessionItem[];
    const target = list.find((s) => s.ip === '10.20.3.1')!;
    expect(target).toMatchObject({ browser: 'Chrome 120 · Windows', current: false });
    expect((await post(admin, AccountCalls.endUserSession.path, { id: target.id })).json()).toEqual({ code: 200, msg: '会话已结束', result: null });
    expect((await userInfo(victim)).json().code).toBe(5003);
    expect(await auditOf('admin', 'account.endSession')).toEqual([expect.objectContaining({ target: 'dealer2' })]);
  });

  it('refuses without user:admin (403), out of scope (404) and a user holding more than the caller (403)', async () => {
    const finance1 = await tokenOf('finance1');
    expect((await post(finance1, AccountCalls.userSessions.path, { userId: await userId('dealer1') })).json()).toEqual({ code: 401, msg: '没有权限执行此操作' });
    const finadmin = await tokenOf('finadmin');
    const outside = await post(finadmin, AccountCalls.userSessions.path, { userId: await userId('finance2') });
    expect(outside.statusCode).toBe(404);
    const finance2 = await tokenOf('finance2');
    const finance2Session = (await sessions(finance2)).find((s) => s.current)!;
    expect((await post(finadmin, AccountCalls.endUserSession.path, { id: finance2Session.id })).statusCode).toBe(404);
    expect((await userInfo(finance2)).json().code).toBe(200);

    const dealer1 = await tokenOf('dealer1');
    const dealer1Session = (await sessions(dealer1)).find((s) => s.current)!;
    const beyond = await post(finadmin, AccountCalls.endUserSession.path, { id: dealer1Session.id });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toEqual({ code: 401, msg: '该用户拥有您没有的权限，不能结束其会话' });
    expect((await userInfo(dealer1)).json().code).toBe(200);

    const lite = await tokenOf('dealerlite');
    const listed = (await post(finadmin, AccountCalls.userSessions.path, { userId: await userId('dealerlite') })).json().result as SessionItem[];
    expect(listed).toHaveLength(1);
    expect((await post(finadmin, AccountCalls.endUserSession.path, { id: listed[0]!.id })).statusCode).toBe(200);
    expect((await userInfo(lite)).json().code).toBe(5003);
  });
});

describe('the audit log of signing in and out', () => {
  it('records a sign-in, a failed one (known and unknown names) and a sign-out, not a throttled one, never the password', async () => {
    const token = await tokenOf('installer1', DEMO_PASSWORD, { ip: '10.20.4.1', ua: CHROME });
    const [login] = await auditOf('installer1', 'session.login');
    expect(login).toMatchObject({ user_id: await userId('installer1'), ip: '10.20.4.1', target: 'installer1' });
    expect(JSON.parse(login!.detail)).toMatchObject({ browser: 'Chrome 120 · Windows', sessionId: expect.any(String) });

    await signIn('installer1', 'Wrong@2026', { ip: '10.20.4.2', ua: CHROME });
    const [failed] = await auditOf('installer1', 'session.loginFailed');
    expect(failed).toMatchObject({ user_id: await userId('installer1'), ip: '10.20.4.2', detail: '{}' });
    expect(failed!.dept_id).toEqual(expect.any(Number));

    const typed = `ghost-${'x'.repeat(54)}`;
    await signIn(typed, 'Wrong@2026', { ip: '10.20.4.3', ua: CHROME });
    const [ghost] = await auditOf(typed.slice(0, 50), 'session.loginFailed');
    expect(ghost).toMatchObject({ user_id: null, dept_id: null, username: typed.slice(0, 50) });

    for (let i = 0; i < 5; i++) await signIn('ghost2', `Wrong${i}`, { ip: '10.20.4.4', ua: CHROME });
    const throttled = await signIn('ghost2', 'Wrong9', { ip: '10.20.4.4', ua: CHROME });
    expect(throttled.status).toBe(429);
    const ghost2 = await auditOf('ghost2', 'session.loginFailed');
    // The five failures that caused the lock are there; the refused attempt, unchecked, is not (a flood would fill the log).
    expect(ghost2.map((e) => e.detail)).toEqual(Array(5).fill('{}'));

    await t.app.inject({ method: 'GET', url: SessionCalls.logout.path, headers: { accessToken: token } });
    expect(await auditOf('installer1', 'session.logout')).toHaveLength(1);
    const all = JSON.stringify(await t.db.selectFrom('audit_log').select('detail').execute());
    for (const secret of [DEMO_PASSWORD, 'Wrong@2026', token]) expect(all).not.toContain(secret);
  });
});
