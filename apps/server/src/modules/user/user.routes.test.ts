import { AccountCalls, RoleCalls, SessionCalls, UserCalls, type RoleItem, type UserItem } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed-demo.js';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let finadmin: string;
let deskRole: RoleItem;
let finance1: number;
beforeAll(async () => {
  t = await createTestApp();
  // An administrator of the first institution holding little else: its demo dealer staff hold more than it.
  await addAccountBeside(t, 'finance1', 'useradmin', ['user:admin', 'warning:view', 'warning:handle']);
  admin = await t.login('admin');
  finadmin = await t.login('useradmin');
  finance1 = (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'finance1').executeTakeFirstOrThrow()).dept_id;
  deskRole = (await post(finadmin, RoleCalls.create.path, { name: '值班', permissions: ['warning:view'] })).json().result;
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: token }, payload });
const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: SessionCalls.login.path, payload: { username, password } });
const userInfo = (token: string) => post(token, SessionCalls.userInfo.path);
const list = async (token: string, q: object = {}) => (await post(token, UserCalls.list.path, { pageSize: 100, ...q })).json().result as { list: UserItem[]; count: number };
const idOf = async (username: string) => (await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const auditOf = (action: string, target: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target', '=', target).execute();
const create = (token: string, body: object) => post(token, UserCalls.create.path, { realname: '新用户', deptId: finance1, roleId: deskRole.id, ...body });

describe('the user list', () => {
  it('shows the caller\'s subtree only, with filters by department, keyword, role and state', async () => {
    const mine = await list(finadmin);
    const names = mine.list.map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['finance1', 'operator1', 'dealer1', 'installer1', 'useradmin']));
    expect(names).not.toContain('finance2');
    expect(names).not.toContain('admin');
    const dealer1 = mine.list.find((u) => u.username === 'dealer1')!;
    expect(dealer1).toMatchObject({ state: 'enabled', roleName: '经销商员工', manageable: false, self: false, mustChangePassword: false });
    expect(mine.list.find((u) => u.username === 'useradmin')).toMatchObject({ self: true, manageable: false });
    const byDept = await list(admin, { deptId: dealer1.deptId });
    expect(byDept.list.map((u) => u.username)).toEqual(['dealer1']);
    // A department outside the caller's scope narrows to nothing; it never widens.
    const finance2Dept = (await list(admin, { keyword: 'finance2' })).list[0]!.deptId;
    expect((await list(finadmin, { deptId: finance2Dept })).count).toBe(0);
    expect((await list(admin, { keyword: '刘洋' })).list.map((u) => u.username)).toEqual(['dealer1']);
    expect((await list(admin, { roleId: dealer1.roleId })).count).toBe(6);
    expect((await list(admin, { state: 'disabled' })).count).toBe(0);
  });

  it('answers a sign-in time from the audit log', async () => {
    await t.login('operator1');
    const operator = (await list(admin, { keyword: 'operator1' })).list[0]!;
    expect(operator.lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('creating a user', () => {
  it('generates a password shown once; the first sign-in must change it, and the flag clears on change', async () => {
    const res = await create(finadmin, { username: 'newdesk1', phone: '13800001111' });
    expect(res.json()).toMatchObject({ code: 200, msg: '用户已创建', result: { user: { username: 'newdesk1', state: 'enabled', mustChangePassword: true, roleName: '值班' } } });
    const password = res.json().result.password as string;
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/);
    const signedIn = await login('newdesk1', password);
    expect(signedIn.json().data.mustChangePassword).toBe(true);
    const token = signedIn.json().data.accessToken as string;
    expect((await userInfo(token)).json().data.mustChangePassword).toBe(true);
    expect((await post(token, AccountCalls.changePassword.path, { oldPassword: password, newPassword: 'MyOwn2026x' })).statusCode).toBe(200);
    expect((await userInfo(token)).json().data.mustChangePassword).toBe(false);
    expect((await login('newdesk1', 'MyOwn2026x')).json().data.mustChangePassword).toBe(false);
    const [entry] = await auditOf('user.create', 'newdesk1');
    expect(JSON.parse(entry!.detail)).toMatchObject({ roleName: '值班', passwordGenerated: true, phone: '13800001111' });
    expect(entry!.detail).not.toContain(password);
  });

  it('takes a password the administrator sets, checked by the policy, and answers none back', async () => {
    const res = await create(finadmin, { username: 'newdesk2', password: 'Chosen2026' });
    expect(res.json().result.password).toBeNull();
    expect((await login('newdesk2', 'Chosen2026')).json().data.mustChangePassword).toBe(true);
    expect((await create(finadmin, { username: 'newdesk3', password: 'short1' })).json().msg).toBe('参数错误：password 密码至少8位');
    expect((await create(finadmin, { username: 'newdesk33', password: 'abcdefghij' })).json().msg).toBe('参数错误：password 密码须同时包含字母和数字');
    expect((await create(finadmin, { username: 'newdesk3a', password: 'NEWDESK3A' })).json()).toEqual({ code: 400, msg: '新密码不能与用户名相同' });
    expect((await create(finadmin, { username: 'x' })).json().msg).toContain('用户名须为3-32位');
    expect((await create(finadmin, { username: 'newdesk4', phone: '12345' })).json().msg).toContain('手机号应为11位数字');
  });

  it('refuses a taken name in any case (409)', async () => {
    const res = await create(finadmin, { username: 'Dealer1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('用户名“Dealer1”已存在');
  });

  it('refuses a department outside the subtree (404), a role beyond the caller (403) and a role of another branch (400)', async () => {
    const finance2Dept = (await list(admin, { keyword: 'finance2' })).list[0]!.deptId;
    const outside = await create(finadmin, { username: 'outsider1', deptId: finance2Dept });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().msg).toBe('部门不存在');
    const dealerRole = (await post(finadmin, RoleCalls.list.path)).json().result.find((r: RoleItem) => r.name === '经销商员工') as RoleItem;
    const bigger = await create(finadmin, { username: 'bigger1', roleId: dealerRole.id });
    expect(bigger.statusCode).toBe(403);
    expect(bigger.json().msg).toMatch(/^不能分配含有您没有的权限的角色（车辆监控、/);
    const dealer1 = (await list(finadmin, { keyword: 'dealer1' })).list[0]!;
    const dealer2 = (await list(finadmin, { keyword: 'dealer2' })).list[0]!;
    const dealerOnly = (await post(finadmin, RoleCalls.create.path, { name: '一号店角色', permissions: ['warning:view'], deptId: dealer1.deptId })).json().result as RoleItem;
    const elsewhere = await create(finadmin, { username: 'elsewhere1', deptId: dealer2.deptId, roleId: dealerOnly.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().msg).toMatch(/^角色“一号店角色”属于.+，不能分配给.+的用户$/);
    expect((await create(finadmin, { username: 'dealer1b', deptId: dealer1.deptId, roleId: dealerOnly.id })).statusCode).toBe(200);
    // finance2's users cannot see the role (another branch): answered as absent.
    const finance2Admin = await addAccountBeside(t, 'finance2', 'useradmin2', ['user:admin', 'warning:view']);
    const other = await post(await t.login(finance2Admin), UserCalls.create.path, { username: 'nope1', realname: '甲', deptId: finance2Dept, roleId: dealerOnly.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('角色不存在');
  });
});

describe('editing users', () => {
  it('edits name, phone, department and role, audited with before and after', async () => {
    const { user } = (await create(finadmin, { username: 'editme1' })).json().result;
    const dealer1 = (await list(finadmin, { keyword: 'dealer1' })).list[0]!;
    const res = await post(finadmin, UserCalls.update.path, { id: user.id, realname: '改后', phone: '13900002222', deptId: dealer1.deptId, roleId: deskRole.id });
    expect(res.json()).toMatchObject({ code: 200, result: { realname: '改后', phone: '13900002222', deptId: dealer1.deptId } });
    const [entry] = await auditOf('user.update', 'editme1');
    expect(JSON.parse(entry!.detail).changes).toMatchObject({ realname: { before: '新用户', after: '改后' }, deptId: { before: finance1, after: dealer1.deptId } });
  });

  it('answers a user of another branch as absent, refuses one holding more (403) and one\'s own role (400)', async () => {
    const finance2 = await idOf('finance2');
    for (const path of [UserCalls.update.path, UserCalls.disable.path, UserCalls.resetPassword.path, UserCalls.unlock.path]) {
      const res = await post(finadmin, path, { id: finance2, realname: '甲', deptId: finance1, roleId: deskRole.id });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().msg).toBe('用户不存在');
    }
    const dealer1 = await idOf('dealer1');
    const beyond = await post(finadmin, UserCalls.update.path, { id: dealer1, realname: '甲', deptId: finance1, roleId: deskRole.id });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toEqual({ code: 401, msg: '该用户拥有您没有的权限，不能修改' });
    expect((await post(finadmin, UserCalls.disable.path, { id: dealer1 })).json().msg).toBe('该用户拥有您没有的权限，不能停用');
    expect((await post(finadmin, UserCalls.resetPassword.path, { id: dealer1 })).json().msg).toBe('该用户拥有您没有的权限，不能重置其密码');
    const me = await idOf('useradmin');
    const own = (await list(finadmin, { keyword: 'useradmin' })).list[0]!;
    const ownRole = await post(finadmin, UserCalls.update.path, { id: me, realname: own.realname, deptId: own.deptId, roleId: deskRole.id });
    expect(ownRole.json()).toEqual({ code: 400, msg: '不能修改自己的角色' });
    expect((await post(finadmin, UserCalls.disable.path, { id: me })).json()).toEqual({ code: 400, msg: '不能停用自己的账号' });
    expect((await post(finadmin, UserCalls.resetPassword.path, { id: me })).json().code).toBe(400);
  });
});

describe('disabling, unlocking and resetting', () => {
  it('disabling ends the user\'s sessions at once and refuses sign-in; enabling lets them back', async () => {
    const { user } = (await create(finadmin, { username: 'disable1', password: 'Disable2026' })).json().result;
    const token = (await login('disable1', 'Disable2026')).json().data.accessToken as string;
    const res = await post(finadmin, UserCalls.disable.path, { id: user.id });
    expect(res.json()).toMatchObject({ code: 200, msg: '用户已停用，其会话已结束', result: { state: 'disabled' } });
    expect((await userInfo(token)).json().code).toBe(5003);
    expect((await login('disable1', 'Disable2026')).statusCode).toBe(400);
    expect((await post(finadmin, UserCalls.disable.path, { id: user.id })).statusCode).toBe(409);
    expect((await list(finadmin, { state: 'disabled' })).list.map((u) => u.username)).toEqual(['disable1']);
    expect((await post(finadmin, UserCalls.enable.path, { id: user.id })).json().result.state).toBe('enabled');
    expect((await login('disable1', 'Disable2026')).statusCode).toBe(200);
    expect(await auditOf('user.disable', 'disable1')).toHaveLength(1);
    expect(await auditOf('user.enable', 'disable1')).toHaveLength(1);
  });

  it('unlock clears the throttle so a locked account signs in again', async () => {
    const { user } = (await create(finadmin, { username: 'locked1', password: 'Locked2026' })).json().result;
    expect((await post(finadmin, UserCalls.unlock.path, { id: user.id })).json()).toEqual({ code: 409, msg: '该账号当前未被锁定' });
    for (let i = 0; i < 5; i++) await login('locked1', `Wrong${i}x`);
    expect((await login('locked1', 'Locked2026')).statusCode).toBe(429);
    expect((await list(finadmin, { state: 'locked' })).list.map((u) => u.username)).toEqual(['locked1']);
    expect((await list(finadmin, { state: 'enabled' })).list.map((u) => u.username)).not.toContain('locked1');
    const res = await post(finadmin, UserCalls.unlock.path, { id: user.id });
    expect(res.json()).toMatchObject({ code: 200, msg: '账号已解锁', result: { state: 'enabled' } });
    expect((await login('locked1', 'Locked2026')).statusCode).toBe(200);
    expect(await auditOf('user.unlock', 'locked1')).toHaveLength(1);
  });

  it('reset generates a password shown once, ends the user\'s sessions and forces a change', async () => {
    const { user } = (await create(finadmin, { username: 'reset1', password: 'Reset2026x' })).json().result;
    const token = (await login('reset1', 'Reset2026x')).json().data.accessToken as string;
    await post(token, AccountCalls.changePassword.path, { oldPassword: 'Reset2026x', newPassword: 'Mine2026xy' });
    expect((await list(finadmin, { keyword: 'reset1' })).list[0]!.mustChangePassword).toBe(false);
    const res = await post(finadmin, UserCalls.resetPassword.path, { id: user.id });
    const password = res.json().result.password as string;
    expect(password).toHaveLength(12);
    expect((await userInfo(token)).json().code).toBe(5003);
    expect((await login('reset1', 'Mine2026xy')).statusCode).toBe(400);
    expect((await login('reset1', password)).json().data.mustChangePassword).toBe(true);
    const set = await post(finadmin, UserCalls.resetPassword.path, { id: user.id, password: 'Given2026x' });
    expect(set.json().result).toEqual({ password: null });
    expect((await login('reset1', 'Given2026x')).statusCode).toBe(200);
    const entries = await auditOf('user.resetPassword', 'reset1');
    expect(entries.map((e) => JSON.parse(e.detail))).toEqual([{ passwordGenerated: true }, { passwordGenerated: false }]);
    const all = JSON.stringify(await t.db.selectFrom('audit_log').select('detail').execute());
    for (const secret of [password, 'Given2026x', 'Reset2026x', DEMO_PASSWORD]) expect(all).not.toContain(secret);
  });

  it('refuses every user call without user:admin', async () => {
    const finance1Token = await t.login('finance1');
    for (const call of Object.values(UserCalls)) expect((await post(finance1Token, call.path, { id: 1 })).statusCode, call.path).toBe(403);
  });
});

describe('roles fit the kind of department (issue 31)', () => {
  const role = async (name: string) => ((await post(admin, RoleCalls.list.path)).json().result as RoleItem[]).find((r) => r.name === name)!;
  const deptOf = async (username: string) => (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', username).executeTakeFirstOrThrow()).dept_id;

  it('says which kinds each role fits: built-in ones their own, others by what they hold', async () => {
    expect((await role('平台管理员')).deptKinds).toEqual(['platform']);
    expect((await role('经销商员工')).deptKinds).toEqual(['dealer']);
    expect((await role('安装师傅')).deptKinds).toEqual(['installer']);
    // 值班 holds only warning:view: platform, institution and dealer, not an installer company.
    expect(deskRole.deptKinds).toEqual(['platform', 'finance', 'dealer']);
  });

  it('refuses 平台管理员 for a dealer’s user, and an institution role for an installer’s, in Chinese; takes a fitting one', async () => {
    const dealerDept = await deptOf('dealer1');
    const refused = await post(admin, UserCalls.create.path, { username: 'misfit1', realname: '错配', deptId: dealerDept, roleId: (await role('平台管理员')).id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/^角色“平台管理员”适用于平台，不能分配给经销商“.+”的用户$/);
    const installerDept = await deptOf('installer1');
    const refused2 = await post(admin, UserCalls.create.path, { username: 'misfit2', realname: '错配', deptId: installerDept, roleId: deskRole.id });
    expect(refused2.json().msg).toContain('不能分配给安装商');
    expect(await t.db.selectFrom('app_user').select('id').where('username', 'in', ['misfit1', 'misfit2']).execute()).toEqual([]);
    const ok = await post(admin, UserCalls.create.path, { username: 'fit1', realname: '合适', deptId: dealerDept, roleId: (await role('经销商员工')).id });
    expect(ok.json().code).toBe(200);
    // Moving that user to an installer company with the dealer role is refused too.
    const moved = await post(admin, UserCalls.update.path, { id: await idOf('fit1'), realname: '合适', phone: '', deptId: installerDept, roleId: (await role('经销商员工')).id });
    expect(moved.statusCode).toBe(400);
  });
});
