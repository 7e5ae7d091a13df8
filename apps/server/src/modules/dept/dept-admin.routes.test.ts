import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeptAdminCalls, DeptCalls, LIVE_STREAM_PATH, PushCalls, ROLE_PERMISSIONS, SessionCalls, type DeptAdminItem, type DeptNode } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed-demo.js';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin = '';
/** An administrator (user:admin) of the first institution, and of the second. */
let fin1Admin = '';
let fin2Admin = '';
const ids = { platform: 0, finance1: 0, finance2: 0, dealer1: 0, dealer2: 0, installer1: 0 };

const deptOf = async (username: string) =>
  (await t.db.selectFrom('app_user as u').innerJoin('dept as d', 'd.id', 'u.dept_id').select(['d.id', 'd.parent_id']).where('u.username', '=', username).executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await createTestApp();
  await addAccountBeside(t, 'finance1', 'deptadmin1', [...ROLE_PERMISSIONS.financeManager, 'user:admin']);
  await addAccountBeside(t, 'finance2', 'deptadmin2', [...ROLE_PERMISSIONS.financeManager, 'user:admin']);
  [admin, fin1Admin, fin2Admin] = await Promise.all([t.login('admin'), t.login('deptadmin1'), t.login('deptadmin2')]);
  ids.platform = (await deptOf('admin')).id;
  ids.finance1 = (await deptOf('finance1')).id;
  ids.finance2 = (await deptOf('finance2')).id;
  ids.dealer1 = (await deptOf('dealer1')).id;
  ids.dealer2 = (await deptOf('dealer2')).id;
  ids.installer1 = (await deptOf('installer1')).id;
});
afterAll(() => t.close());

const call = (token: string, c: { path: string }, payload: object) => t.app.inject({ method: 'POST', url: c.path, headers: { accessToken: token }, payload });
async function ok<T = DeptAdminItem>(token: string, c: { path: string }, payload: object): Promise<{ msg: string; result: T }> {
  const res = await call(token, c, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function refused(token: string, c: { path: string }, payload: object, status: number): Promise<string> {
  const res = await call(token, c, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().msg as string;
}
const list = async (token: string) => (await ok<DeptAdminItem[]>(token, DeptAdminCalls.list, {})).result;
const pathOf = async (id: number) => (await t.db.selectFrom('dept').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;
const lastAudit = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();
const signIn = (username: string) => t.app.inject({ method: 'POST', url: SessionCalls.login.path, payload: { username, password: DEMO_PASSWORD } });
const userInfo = (token: string) => t.app.inject({ method: SessionCalls.userInfo.method, url: SessionCalls.userInfo.path, headers: { accessToken: token } });

describe('部门管理: list', () => {
  it('gives the platform the whole tree, parents first, with counts and states', async () => {
    const all = await list(admin);
    expect(all[0]).toMatchObject({ id: ids.platform, kind: 'platform', parentId: null, disabled: false, disabledAbove: false });
    const dealer1 = all.find((d) => d.id === ids.dealer1)!;
    expect(dealer1).toMatchObject({ kind: 'dealer', parentId: ids.finance1 });
    expect(dealer1.userCount).toBeGreaterThanOrEqual(1);
    expect(dealer1.deviceCount).toBeGreaterThan(0);
    const seen = new Set<number>();
    for (const d of all) {
      if (d.parentId !== null) expect(seen.has(d.parentId)).toBe(true);
      seen.add(d.id);
    }
  });

  it("gives an institution's administrator its own subtree only", async () => {
    const mine = await list(fin1Admin);
    expect(mine[0]).toMatchObject({ id: ids.finance1, parentId: ids.platform });
    expect(mine.some((d) => d.id === ids.finance2 || d.id === ids.platform)).toBe(false);
    expect(mine.some((d) => d.id === ids.dealer1)).toBe(true);
  });

  it('is refused to a user without user:admin', async () => {
    expect(await refused(await t.login('finance1'), DeptAdminCalls.list, {}, 403)).toBeTruthy();
  });
});

describe('部门管理: create and update', () => {
  it('creates an institution under the platform and a dealer and an installer under it, each audited', async () => {
    const fin = await ok(admin, DeptAdminCalls.create, { parentId: ids.platform, kind: 'finance', name: ' 测试金融A ', province: '浙江省', city: '杭州市' });
    expect(fin.msg).toBe('部门已新建');
    expect(fin.result).toMatchObject({ name: '测试金融A', kind: 'finance', parentId: ids.platform, province: '浙江省', city: '杭州市', userCount: 0, deviceCount: 0, disabled: false });
    expect(await pathOf(fin.result.id)).toBe(`/${ids.platform}/${fin.result.id}/`);
    const audit = await lastAudit('dept.create');
    expect(audit).toMatchObject({ username: 'admin', target: '测试金融A' });
    expect(JSON.parse(audit.detail)).toMatchObject({ id: fin.result.id, kind: 'finance', parentId: ids.platform });

    const dealer = await ok(admin, DeptAdminCalls.create, { parentId: fin.result.id, kind: 'dealer', name: '测试经销商A1', province: '', city: null });
    expect(dealer.result).toMatchObject({ parentId: fin.result.id, province: null, city: null });
    expect(await pathOf(dealer.result.id)).toBe(`/${ids.platform}/${fin.result.id}/${dealer.result.id}/`);
    await ok(admin, DeptAdminCalls.create, { parentId: fin.result.id, kind: 'installer', name: '测试安装商A1' });
  });

  it('refuses a kind that does not fit its parent, a taken name and bad input', async () => {
    expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.platform, kind: 'dealer', name: '错位经销商' }, 400)).toBe(
      '经销商只能建在金融机构之下，不能建在平台“' + (await list(admin))[0]!.name + '”之下',
    );
    expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.finance1, kind: 'finance', name: '错位机构' }, 400)).toMatch(/^金融机构只能建在平台之下/);
    expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.dealer1, kind: 'installer', name: '错位安装商' }, 400)).toMatch(/^安装商只能建在金融机构之下/);
    expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.platform, kind: 'platform', name: '第二平台' }, 400)).toBe(
      '参数错误：kind 请选择部门类型（金融机构、经销商、安装商或追车公司）',
    );
    expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.finance1, kind: 'dealer', name: '   ' }, 400)).toBe('参数错误：name 请输入部门名称');
    expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.finance1, kind: 'dealer', name: 'x'.repeat(51) }, 400)).toBe('参数错误：name 部门名称最多50个字符');
    const taken = (await list(admin)).find((d) => d.id === ids.dealer1)!.name;
    expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.finance1, kind: 'dealer', name: taken }, 400)).toBe(`同一上级部门下已有名为“${taken}”的部门`);
    // The same name under another institution is another dealer.
    await ok(admin, DeptAdminCalls.create, { parentId: ids.finance2, kind: 'dealer', name: taken });
    expect(await refused(admin, DeptAdminCalls.create, { parentId: 99999999, kind: 'dealer', name: '无主经销商' }, 404)).toBe('上级部门不存在');
  });

  it("lets an institution's administrator create only under its own institution", async () => {
    const own = await ok(fin1Admin, DeptAdminCalls.create, { parentId: ids.finance1, kind: 'dealer', name: '机构一新经销商' });
    expect(own.result.parentId).toBe(ids.finance1);
    // Another institution, and the platform above it, answer as if absent.
    expect(await refused(fin1Admin, DeptAdminCalls.create, { parentId: ids.finance2, kind: 'dealer', name: '越界经销商' }, 404)).toBe('上级部门不存在');
    expect(await refused(fin1Admin, DeptAdminCalls.create, { parentId: ids.platform, kind: 'finance', name: '越界机构' }, 404)).toBe('上级部门不存在');
    expect(await t.db.selectFrom('dept').select('id').where('name', 'in', ['越界经销商', '越界机构']).execute()).toEqual([]);
  });

  it('renames and re-places a department, audits before and after, and keeps sibling names unique', async () => {
    const created = (await ok(fin1Admin, DeptAdminCalls.create, { parentId: ids.finance1, kind: 'dealer', name: '改名前经销商', city: '宁波市' })).result;
    const saved = await ok(fin1Admin, DeptAdminCalls.update, { id: created.id, name: '改名后经销商', province: '浙江省', city: '宁波市' });
    expect(saved).toMatchObject({ msg: '部门已保存', result: { name: '改名后经销商', province: '浙江省', city: '宁波市' } });
    expect(JSON.parse((await lastAudit('dept.update')).detail)).toEqual({
      id: created.id,
      changes: { name: { before: '改名前经销商', after: '改名后经销商' }, province: { before: null, after: '浙江省' } },
    });
    expect(await refused(fin1Admin, DeptAdminCalls.update, { id: created.id, name: '机构一新经销商' }, 400)).toBe('同一上级部门下已有名为“机构一新经销商”的部门');
    // Its own institution may be renamed (it stays where it is); another's is absent.
    const own = (await list(fin1Admin))[0]!;
    await ok(fin1Admin, DeptAdminCalls.update, { id: own.id, name: own.name, province: own.province, city: own.city });
    expect(await refused(fin1Admin, DeptAdminCalls.update, { id: ids.finance2, name: '别人的机构' }, 404)).toBe('部门不存在');
  });
});

describe('部门管理: move', () => {
  it('refuses moving a department under itself or its own child', async () => {
    expect(await refused(admin, DeptAdminCalls.move, { id: ids.finance1, parentId: ids.dealer1 }, 400)).toBe('不能把部门移到它自己或它的下级部门之下');
    expect(await refused(admin, DeptAdminCalls.move, { id: ids.dealer1, parentId: ids.dealer1 }, 400)).toBe('不能把部门移到它自己或它的下级部门之下');
  });

  it('refuses moving the platform, one’s own department, a misfit, and out of scope', async () => {
    expect(await refused(admin, DeptAdminCalls.move, { id: ids.platform, parentId: ids.finance1 }, 400)).toBe('平台部门不能移动');
    expect(await refused(fin1Admin, DeptAdminCalls.move, { id: ids.finance1, parentId: ids.finance2 }, 403)).toBe('不能移动自己所在的部门，只能移动其下级部门');
    expect(await refused(admin, DeptAdminCalls.move, { id: ids.dealer1, parentId: ids.installer1 }, 400)).toMatch(/^经销商只能移在金融机构之下/);
    expect(await refused(admin, DeptAdminCalls.move, { id: ids.dealer1, parentId: ids.finance1 }, 400)).toMatch(/^该部门已在“.+”之下$/);
    // The first institution's administrator cannot reach the second institution, nor its dealers.
    expect(await refused(fin1Admin, DeptAdminCalls.move, { id: ids.dealer1, parentId: ids.finance2 }, 404)).toBe('目标上级部门不存在');
    const fin2Dealer = (await list(fin2Admin)).find((d) => d.kind === 'dealer')!;
    expect(await refused(fin1Admin, DeptAdminCalls.move, { id: fin2Dealer.id, parentId: ids.finance1 }, 404)).toBe('部门不存在');
  });

  it('moves a dealer to another institution: the subtree’s paths, the scopes and the audit follow', async () => {
    const dealerToken = await t.login('dealer2');
    const financial = async (token: string) =>
      t.app.inject({ method: 'GET', url: `${DeptCalls.financial.path}?deptid=${ids.dealer2}`, headers: { accessToken: token } });
    expect((await financial(dealerToken)).json().result.id).toBe(ids.finance1);

    const moved = await ok(admin, DeptAdminCalls.move, { id: ids.dealer2, parentId: ids.finance2 });
    expect(moved).toMatchObject({ msg: '部门已移动', result: { id: ids.dealer2, parentId: ids.finance2 } });
    expect(await pathOf(ids.dealer2)).toBe(`/${ids.platform}/${ids.finance2}/${ids.dealer2}/`);
    const detail = JSON.parse((await lastAudit('dept.move')).detail);
    expect(detail).toMatchObject({ id: ids.dealer2, from: { id: ids.finance1 }, to: { id: ids.finance2 }, departments: 1 });

    // The dealer's own user now belongs to the second institution; its data went with it.
    expect((await financial(dealerToken)).json().result.id).toBe(ids.finance2);
    expect((await list(fin2Admin)).some((d) => d.id === ids.dealer2)).toBe(true);
    expect((await list(fin1Admin)).some((d) => d.id === ids.dealer2)).toBe(false);
    expect((await financial(fin1Admin)).statusCode).toBe(404);
    expect((await financial(fin2Admin)).statusCode).toBe(200);

    // And back, by the second institution's administrator? No: the first institution is not theirs.
    expect(await refused(fin2Admin, DeptAdminCalls.move, { id: ids.dealer2, parentId: ids.finance1 }, 404)).toBe('目标上级部门不存在');
    await ok(admin, DeptAdminCalls.move, { id: ids.dealer2, parentId: ids.finance1 });
    expect(await pathOf(ids.dealer2)).toBe(`/${ids.platform}/${ids.finance1}/${ids.dealer2}/`);
  });

  it('ends the open live streams of the institutions it left and joined, so they reconnect with their new scope', async () => {
    const address = (await t.app.listen({ port: 0, host: '127.0.0.1' }), t.app.server.address() as AddressInfo);
    const open = async (username: string) => {
      const token = await t.login(username);
      const state = { ended: false };
      const req = http.get(`http://127.0.0.1:${address.port}${LIVE_STREAM_PATH}?accessToken=${token}`);
      await new Promise<void>((resolve) => req.on('response', (res) => {
        res.on('end', () => (state.ended = true));
        res.resume();
        resolve();
      }));
      return { state, close: () => req.destroy() };
    };
    const receiving = await open('deptadmin2');
    const aside = await open('dealer4');
    try {
      await ok(admin, DeptAdminCalls.move, { id: ids.dealer2, parentId: ids.finance2 });
      await expect.poll(() => receiving.state.ended).toBe(true);
      // A dealer of the receiving institution sees the same subtree as before: its stream stays.
      expect(aside.state.ended).toBe(false);
    } finally {
      receiving.close();
      aside.close();
      await ok(admin, DeptAdminCalls.move, { id: ids.dealer2, parentId: ids.finance1 });
    }
  });

  it('rewrites the path of a whole moved subtree', async () => {
    const fin = (await ok(admin, DeptAdminCalls.create, { parentId: ids.platform, kind: 'finance', name: '搬家机构' })).result;
    const dealer = (await ok(admin, DeptAdminCalls.create, { parentId: fin.id, kind: 'dealer', name: '搬家经销商' })).result;
    const other = (await ok(admin, DeptAdminCalls.create, { parentId: ids.platform, kind: 'finance', name: '接收机构' })).result;
    // Institutions sit under the platform only; a dealer goes to the receiving institution with everything it holds.
    expect(await refused(admin, DeptAdminCalls.move, { id: fin.id, parentId: other.id }, 400)).toMatch(/^金融机构只能移在平台之下/);
    await ok(admin, DeptAdminCalls.move, { id: dealer.id, parentId: other.id });
    expect(await pathOf(dealer.id)).toBe(`/${ids.platform}/${other.id}/${dealer.id}/`);
    const tree = (await t.app.inject({ method: 'GET', url: DeptCalls.tree.path, headers: { accessToken: admin } })).json().result as DeptNode[];
    const otherNode = tree[0]!.children.find((n) => n.id === other.id)!;
    expect(otherNode.children.map((c) => c.id)).toEqual([dealer.id]);
  });
});

describe('部门管理: disable and enable', () => {
  it('ends the sessions of the subtree’s users, refuses their sign-in, and enabling restores it', async () => {
    const token = await t.login('dealer1');
    expect((await userInfo(token)).statusCode).toBe(200);
    const res = await ok(fin1Admin, DeptAdminCalls.disable, { id: ids.dealer1 });
    expect(res.msg).toMatch(/^部门已停用，\d+个会话已退出登录$/);
    expect(res.result).toMatchObject({ id: ids.dealer1, disabled: true, disabledAbove: false });
    expect(res.result.disabledAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await userInfo(token)).json()).toMatchObject({ code: 5003 });
    const login = await signIn('dealer1');
    expect(login.statusCode).toBe(400);
    expect(login.json().msg).toBe('账号所在部门已停用，请联系管理员');
    // A wrong password is told only that it is wrong: the state is for whoever knows the password.
    const wrong = await t.app.inject({ method: 'POST', url: SessionCalls.login.path, payload: { username: 'dealer1', password: 'Wrong2026x' } });
    expect(wrong.json().msg).toBe('用户名或密码错误');
    expect(JSON.parse((await lastAudit('dept.disable')).detail)).toMatchObject({ id: ids.dealer1, kind: 'dealer' });
    // Its data stays visible above it, and the pickers still show it, marked.
    expect((await list(fin1Admin)).find((d) => d.id === ids.dealer1)!.deviceCount).toBeGreaterThan(0);
    const tree = (await t.app.inject({ method: 'GET', url: DeptCalls.tree.path, headers: { accessToken: fin1Admin } })).json().result as DeptNode[];
    expect(tree[0]!.children.find((n) => n.id === ids.dealer1)).toMatchObject({ disabled: true });

    expect(await refused(fin1Admin, DeptAdminCalls.disable, { id: ids.dealer1 }, 409)).toMatch(/已停用$/);
    const enabled = await ok(fin1Admin, DeptAdminCalls.enable, { id: ids.dealer1 });
    expect(enabled).toMatchObject({ msg: '部门已启用', result: { disabled: false, disabledAt: null } });
    expect((await signIn('dealer1')).statusCode).toBe(200);
    expect(await refused(fin1Admin, DeptAdminCalls.enable, { id: ids.dealer1 }, 409)).toMatch(/未停用$/);
  });

  it('shuts out the users below a disabled institution too, also in a process that did not make the change', async () => {
    const dealerToken = await t.login('dealer3');
    const installerToken = await t.login('installer1');
    // Another server process disabled the institution: this one hears nothing, and still refuses.
    await t.db.updateTable('dept').set({ disabled_at: Date.now(), disabled_by: 'admin' }).where('id', '=', ids.finance1).execute();
    try {
      expect((await userInfo(dealerToken)).json()).toEqual({ code: 5003, msg: '账号所在部门已停用，请联系管理员' });
      expect((await userInfo(installerToken)).json().code).toBe(5003);
      expect((await signIn('dealer3')).json().msg).toBe('账号所在部门已停用，请联系管理员');
      const below = (await list(admin)).find((d) => d.id === ids.dealer1)!;
      expect(below).toMatchObject({ disabled: false, disabledAbove: true });
      expect(await refused(admin, DeptAdminCalls.create, { parentId: ids.finance1, kind: 'dealer', name: '停用机构下的经销商' }, 409)).toBe('上级部门已停用，不能在其下新建部门');
    } finally {
      await ok(admin, DeptAdminCalls.enable, { id: ids.finance1 });
    }
    expect((await signIn('dealer3')).statusCode).toBe(200);
  });

  it('refuses disabling the platform or one’s own department, and another institution’s as absent', async () => {
    expect(await refused(admin, DeptAdminCalls.disable, { id: ids.platform }, 400)).toBe('平台部门不能停用');
    expect(await refused(fin1Admin, DeptAdminCalls.disable, { id: ids.finance1 }, 403)).toBe('不能停用自己所在的部门，只能停用其下级部门');
    expect(await refused(fin1Admin, DeptAdminCalls.disable, { id: ids.finance2 }, 404)).toBe('部门不存在');
    expect(await refused(fin1Admin, DeptAdminCalls.enable, { id: ids.finance2 }, 404)).toBe('部门不存在');
    expect(await refused(fin2Admin, DeptAdminCalls.disable, { id: ids.dealer1 }, 404)).toBe('部门不存在');
  });

  it('refuses moving into a disabled institution', async () => {
    const fin = (await ok(admin, DeptAdminCalls.create, { parentId: ids.platform, kind: 'finance', name: '将停用机构' })).result;
    await ok(admin, DeptAdminCalls.disable, { id: fin.id });
    expect(await refused(admin, DeptAdminCalls.move, { id: ids.dealer2, parentId: fin.id }, 409)).toBe('目标上级部门“将停用机构”已停用，不能移入');
  });
});

describe('the institution links', () => {
  it("narrows 预警推送配置 to an institution's subtree, never beyond the caller's scope", async () => {
    const adminId = (await t.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const hook = (deptId: number, name: string) => ({ dept_id: deptId, name, url: 'https://hooks.example.com/x', secret: 's'.repeat(16), warning_types: '*', enabled: 1, created_by: adminId, created_at: Date.now() });
    await t.db.insertInto('webhook').values([hook(ids.finance1, '机构一推送'), hook(ids.dealer1, '经销商一推送'), hook(ids.finance2, '机构二推送')]).execute();
    const names = async (token: string, deptId?: number) =>
      ((await ok<{ list: { name: string }[] }>(token, PushCalls.list, { pageNumber: 1, pageSize: 100, deptId })).result.list.map((w) => w.name)).sort();
    expect(await names(admin, ids.finance1)).toEqual(['机构一推送', '经销商一推送']);
    expect(await names(admin, ids.finance2)).toEqual(['机构二推送']);
    // Another institution's id lists nothing for an institution's staff, as every department filter does.
    expect(await names(fin1Admin, ids.finance2)).toEqual([]);
  });
});
