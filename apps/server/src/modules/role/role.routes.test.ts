import { AccountCalls, RoleCalls, UserCalls, WarningCalls, type RoleItem } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let finadmin: string;
beforeAll(async () => {
  t = await createTestApp();
  // An administrator of the first institution holding little else: the demo roles hold more than it.
  await addAccountBeside(t, 'finance1', 'roleadmin', ['user:admin', 'warning:view', 'warning:handle']);
  admin = await t.login('admin');
  finadmin = await t.login('roleadmin');
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: token }, payload });
const deptOf = async (username: string) => (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', username).executeTakeFirstOrThrow()).dept_id;
const roles = async (token: string): Promise<RoleItem[]> => (await post(token, RoleCalls.list.path)).json().result;
const auditOf = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('the role list', () => {
  it('shows the platform\'s roles to everyone as shared, with user counts, and each institution its own', async () => {
    const all = await roles(admin);
    const manager = all.find((r) => r.name === '金融风控经理')!;
    expect(manager).toMatchObject({ editable: true, assignable: true, userCount: 2 });
    const seen = await roles(finadmin);
    expect(seen.find((r) => r.id === manager.id)).toMatchObject({ editable: false, assignable: false, deptName: manager.deptName });
    // The test helper's role is owned by the institution: its own, and assignable.
    expect(seen.find((r) => r.name === '测试角色 roleadmin')).toMatchObject({ editable: true, assignable: true, userCount: 1, mine: true });
    expect(seen.filter((r) => r.mine)).toHaveLength(1);
  });

  it('refuses a caller without user:admin', async () => {
    const res = await post(await t.login('finance1'), RoleCalls.list.path);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 401, msg: '没有权限执行此操作' });
  });
});

describe('creating and changing roles', () => {
  it('creates a role with permissions the caller holds, owned by their department, audited', async () => {
    const res = await post(finadmin, RoleCalls.create.path, { name: '预警值班', nameEn: 'Warning desk', permissions: ['warning:view', 'warning:handle'] });
    expect(res.json()).toMatchObject({ code: 200, msg: '角色已创建' });
    const role = res.json().result as RoleItem;
    expect(role).toMatchObject({ deptId: await deptOf('finance1'), permissions: ['warning:view', 'warning:handle'], userCount: 0, editable: true });
    const [entry] = (await auditOf('role.create')).filter((e) => e.target === `#${role.id} 预警值班`);
    expect(entry).toMatchObject({ username: 'roleadmin' });
    expect(JSON.parse(entry!.detail)).toMatchObject({ permissions: ['warning:view', 'warning:handle'] });
  });

  it('refuses a permission the caller lacks (403), an unknown one (400), a taken name (409) and an owner outside the subtree (404)', async () => {
    const beyond = await post(finadmin, RoleCalls.create.path, { name: '越权', permissions: ['warning:view', 'device:command', 'user:admin'] });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().msg).toBe('不能授予您没有的权限：下发设备指令');
    const unknown = await post(finadmin, RoleCalls.create.path, { name: '未知', permissions: ['warning:fly'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('不是已知的权限');
    await post(finadmin, RoleCalls.create.path, { name: '重名角色', permissions: ['warning:view'] });
    const taken = await post(finadmin, RoleCalls.create.path, { name: '重名角色', permissions: ['warning:view'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toMatch(/已有名为“重名角色”的角色/);
    // The same name is free in another institution.
    expect((await post(admin, RoleCalls.create.path, { name: '重名角色', permissions: ['warning:view'], deptId: await deptOf('finance2') })).statusCode).toBe(200);
    const outside = await post(finadmin, RoleCalls.create.path, { name: '别家', permissions: ['warning:view'], deptId: await deptOf('finance2') });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().msg).toBe('部门不存在');
    expect((await roles(finadmin)).filter((r) => r.name === '越权' || r.name === '别家')).toEqual([]);
  });

  it('edits only roles of the subtree: a shared one is 403, another institution\'s is absent, a bigger one is 403', async () => {
    const shared = (await roles(finadmin)).find((r) => r.name === '金融风控专员')!;
    const res = await post(finadmin, RoleCalls.update.path, { id: shared.id, name: shared.name, permissions: ['warning:view'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('该角色由上级机构共享，只能查看，不能修改或删除');
    const other = (await post(admin, RoleCalls.create.path, { name: '二号机构角色', permissions: ['warning:view'], deptId: await deptOf('finance2') })).json().result as RoleItem;
    const absent = await post(finadmin, RoleCalls.update.path, { id: other.id, name: '改名', permissions: ['warning:view'] });
    expect(absent.statusCode).toBe(404);
    expect((await roles(finadmin)).some((r) => r.id === other.id)).toBe(false);
    expect((await post(finadmin, RoleCalls.delete.path, { id: other.id })).statusCode).toBe(404);
    // A role of the caller's institution that an administrator above gave more than the caller holds.
    const bigger = (await post(admin, RoleCalls.create.path, { name: '大角色', permissions: ['warning:view', 'device:command'], deptId: await deptOf('finance1') })).json().result as RoleItem;
    const refused = await post(finadmin, RoleCalls.update.path, { id: bigger.id, name: '大角色', permissions: ['warning:view'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('该角色拥有您没有的权限（下发设备指令），不能修改或删除');
    const mine = (await post(finadmin, RoleCalls.create.path, { name: '将要扩大', permissions: ['warning:view'] })).json().result as RoleItem;
    const grow = await post(finadmin, RoleCalls.update.path, { id: mine.id, name: '将要扩大', permissions: ['warning:view', 'customer:view'] });
    expect(grow.statusCode).toBe(403);
    expect(grow.json().msg).toBe('不能授予您没有的权限：查看客户');
  });

  it('refuses moving a role to an owner its holders are not under (400)', async () => {
    const role = (await post(finadmin, RoleCalls.create.path, { name: '店内值班', permissions: ['warning:view'] })).json().result as RoleItem;
    const dealer1 = (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow()).dept_id;
    const dealer2 = (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer2').executeTakeFirstOrThrow()).dept_id;
    await post(finadmin, UserCalls.create.path, { username: 'shopdesk1', realname: '乙', deptId: dealer1, roleId: role.id });
    const res = await post(finadmin, RoleCalls.update.path, { id: role.id, name: '店内值班', permissions: ['warning:view'], deptId: dealer2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^该角色有1个用户不在.+及其下级，不能改由.+所有$/);
    const moved = await post(finadmin, RoleCalls.update.path, { id: role.id, name: '店内值班', permissions: ['warning:view'], deptId: dealer1 });
    expect(moved.json().result).toMatchObject({ deptId: dealer1 });
  });

  it('refuses editing or deleting the role the caller holds (400)', async () => {
    const own = (await roles(finadmin)).find((r) => r.name === '测试角色 roleadmin')!;
    const res = await post(finadmin, RoleCalls.update.path, { id: own.id, name: own.name, permissions: ['warning:view'] });
    expect(res.json()).toEqual({ code: 400, msg: '不能修改或删除自己正在使用的角色，请由其他管理员操作' });
    expect((await post(finadmin, RoleCalls.delete.path, { id: own.id })).statusCode).toBe(400);
  });

  it('a changed role takes effect for its users at their next request', async () => {
    const role = (await post(finadmin, RoleCalls.create.path, { name: '临时查看', permissions: ['warning:view'] })).json().result as RoleItem;
    const created = await post(finadmin, UserCalls.create.path, { username: 'tempviewer', realname: '临时', deptId: await deptOf('finance1'), roleId: role.id, password: 'Viewer2026' });
    expect(created.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'tempviewer', password: 'Viewer2026' } });
    const token = res.json().data.accessToken as string;
    // A password an administrator set opens nothing until the user chose their own.
    expect((await post(token, WarningCalls.typeDict.path)).statusCode).toBe(403);
    expect((await post(token, AccountCalls.changePassword.path, { oldPassword: 'Viewer2026', newPassword: 'Viewer2027x' })).statusCode).toBe(200);
    expect((await post(token, WarningCalls.typeDict.path)).statusCode).toBe(200);
    const edited = await post(finadmin, RoleCalls.update.path, { id: role.id, name: '临时查看', permissions: ['warning:handle'] });
    expect(edited.json()).toMatchObject({ code: 200, result: { permissions: ['warning:handle'], userCount: 1 } });
    expect((await post(token, WarningCalls.typeDict.path)).statusCode).toBe(403);
    const [entry] = (await auditOf('role.update')).filter((e) => e.target === `#${role.id} 临时查看`);
    expect(JSON.parse(entry!.detail).changes['permissions.0']).toEqual({ before: 'warning:view', after: 'warning:handle' });
  });
});

describe('deleting a role', () => {
  it('is refused while users hold it (400 with the count), then deleted and audited', async () => {
    const role = (await post(finadmin, RoleCalls.create.path, { name: '待删除', permissions: ['warning:view'] })).json().result as RoleItem;
    const spare = (await post(finadmin, RoleCalls.create.path, { name: '替换角色', permissions: ['warning:view'] })).json().result as RoleItem;
    const user = (await post(finadmin, UserCalls.create.path, { username: 'todelete1', realname: '甲', deptId: await deptOf('finance1'), roleId: role.id })).json().result.user;
    const held = await post(finadmin, RoleCalls.delete.path, { id: role.id });
    expect(held.statusCode).toBe(400);
    expect(held.json().msg).toBe('仍有1个用户使用该角色，请先为他们更换角色再删除');
    await post(finadmin, UserCalls.update.path, { id: user.id, realname: '甲', deptId: user.deptId, roleId: spare.id });
    expect((await post(finadmin, RoleCalls.delete.path, { id: role.id })).json()).toEqual({ code: 200, msg: '角色已删除', result: null });
    expect((await roles(finadmin)).some((r) => r.id === role.id)).toBe(false);
    expect((await auditOf('role.delete')).map((e) => e.target)).toContain(`#${role.id} 待删除`);
  });

  it('refuses deleting a shared role', async () => {
    const shared = (await roles(finadmin)).find((r) => r.name === '安装师傅')!;
    expect((await post(finadmin, RoleCalls.delete.path, { id: shared.id })).statusCode).toBe(403);
  });
});
