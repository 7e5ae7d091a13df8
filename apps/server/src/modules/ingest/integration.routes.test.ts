import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createIngestRepository } from './ingest.repository.js';
import { hashKey, integrationScope } from './integration-key.js';

/** The integration (API) keys screen's calls: issue once, list without the key, revoke for good. */

let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
let otherFinance = 0;
let installer = 0;
let dealer1Device = '';

beforeAll(async () => {
  t = await createTestApp();
  // A finance institution's key administrator: user:admin, scoped to finance1's institution.
  await addAccountBeside(t, 'finance1', 'keyadmin1', ['user:admin']);
  for (const u of ['admin', 'dealer1', 'keyadmin1']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).where('username', 'in', ['admin', 'finance1', 'dealer1', 'dealer2']).execute()) dept[u.username] = u.dept_id;
  otherFinance = (await t.db.selectFrom('dept').select('id').where('kind', '=', 'finance').where('id', '!=', dept.finance1!).orderBy('id').executeTakeFirstOrThrow()).id;
  installer = (await t.db.selectFrom('dept').select('id').where('kind', '=', 'installer').where('parent_id', '=', dept.finance1!).executeTakeFirstOrThrow()).id;
  dealer1Device = (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', dept.dealer1!).where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow()).device_number;
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const create = (user: string, payload: object) => post(user, '/api/integration/create', payload);
const revoke = (user: string, id: number) => post(user, '/api/integration/revoke', { id });
const list = async (user: string) => (await t.app.inject({ method: 'GET', url: '/api/integration/list', headers: { accessToken: tokens[user]! } })).json().result as { id: number; name: string; state: string }[];
const positions = (key: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/ingest/positions', headers: { 'x-api-key': key }, payload });
const loans = (key: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/loan/import', headers: { 'x-api-key': key }, payload });
const auditOf = (action: string, target: string) =>
  t.db.selectFrom('audit_log').select(['username', 'action', 'target', 'detail']).where('action', '=', action).where('target', '=', target).execute();

describe('issuing a key', () => {
  it('shows the key once; the list and the database never hold it, only its last four characters', async () => {
    const res = await create('admin', { name: '  车队平台  ', deptId: dept.dealer1 });
    expect(res.json()).toMatchObject({ code: 200, msg: '已创建，请妥善保存 API key，它只显示这一次', result: { name: '车队平台', deptId: dept.dealer1 } });
    const { id, apiKey, keyHint } = res.json().result as { id: number; apiKey: string; keyHint: string };
    expect(apiKey).toMatch(/^[\w-]{32}$/);
    expect(keyHint).toBe(apiKey.slice(-4));

    const listed = await t.app.inject({ method: 'GET', url: '/api/integration/list', headers: { accessToken: tokens.admin! } });
    expect(listed.body).not.toContain(apiKey);
    expect(listed.json().result[0]).toEqual({
      id, name: '车队平台', deptId: dept.dealer1, deptName: expect.any(String), createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      createdBy: 'admin', keyHint, lastUsedAt: null, state: 'active', revokedAt: null, revokedBy: null,
    });
    const row = await t.db.selectFrom('integration').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashKey(apiKey));
    expect(JSON.stringify(row)).not.toContain(apiKey);

    const [entry] = await auditOf('integration.create', '车队平台');
    expect(entry).toMatchObject({ username: 'admin' });
    expect(JSON.parse(entry!.detail)).toEqual({ id, dept: listed.json().result[0].deptName, keyHint });
    expect(entry!.detail).not.toContain(apiKey);
  });

  it('checks the name: required, at most 50 characters, unique among the department’s active keys', async () => {
    expect((await create('admin', { name: '   ', deptId: dept.dealer1 })).json()).toEqual({ code: 400, msg: '参数错误：name 请输入名称' });
    expect((await create('admin', { name: 'x'.repeat(51), deptId: dept.dealer1 })).json()).toEqual({ code: 400, msg: '参数错误：name 最多50个字符' });
    expect((await create('admin', { name: '放款系统', deptId: dept.dealer1 })).statusCode).toBe(200);
    const again = await create('admin', { name: '放款系统', deptId: dept.dealer1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/已有名为“放款系统”的有效密钥，请换一个名称$/);
    // Another department may use the name.
    expect((await create('admin', { name: '放款系统', deptId: dept.dealer2 })).statusCode).toBe(200);
  });

  it('issues for the caller’s own department by default, never outside its scope or to an installer', async () => {
    const own = await create('keyadmin1', { name: '机构对接' });
    expect(own.json().result.deptId).toBe(dept.finance1);
    expect((await create('keyadmin1', { name: '越权', deptId: otherFinance })).json()).toEqual({ code: 404, msg: '机构不存在' });
    expect((await create('admin', { name: '不存在', deptId: 999_999 })).json()).toEqual({ code: 404, msg: '机构不存在' });
    expect((await create('keyadmin1', { name: '安装', deptId: installer })).json()).toEqual({ code: 400, msg: '参数错误：deptId 安装商名下没有设备和贷款，不能持有接口密钥' });
  });
});

describe('revoking a key', () => {
  it('stops the key for position ingest and loan import at once, answering as for an unknown key', async () => {
    const { id, apiKey } = (await create('admin', { name: '即将吊销', deptId: dept.dealer1 })).json().result as { id: number; apiKey: string };
    const batch = { positions: [{ deviceNumber: dealer1Device, gpsTime: Date.now() - 60_000, lng: 120.16, lat: 30.27 }] };
    expect((await positions(apiKey, batch)).json()).toMatchObject({ code: 200, result: { stored: 1 } });
    // The key is accepted by the loan import too (it reads the body, which is empty).
    expect((await loans(apiKey, { loans: [] })).json()).toEqual({ code: 400, msg: '参数错误：loans 至少需要一条贷款' });
    expect((await list('admin')).find((k) => k.id === id)).toMatchObject({ lastUsedAt: expect.stringMatching(/^\d{4}-/) });

    const res = await revoke('admin', id);
    expect(res.json()).toMatchObject({ code: 200, msg: '已吊销，使用该密钥的对接将立即被拒绝', result: { id, state: 'revoked', revokedBy: 'admin', revokedAt: expect.any(String) } });

    const unknownPositions = await positions('no-such-key', batch);
    const unknownLoans = await loans('no-such-key', { loans: [] });
    for (const [revoked, unknown] of [[await positions(apiKey, batch), unknownPositions], [await loans(apiKey, { loans: [] }), unknownLoans]] as const) {
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ code: 5003, msg: 'API key 无效' });
      expect(revoked.body).toBe(unknown.body);
    }

    const again = await revoke('admin', id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, msg: '该密钥已吊销' });

    const [entry] = await auditOf('integration.revoke', '即将吊销');
    expect(entry).toMatchObject({ username: 'admin' });
    expect(JSON.parse(entry!.detail)).toMatchObject({ id });
    // The name is free again for a new key of the department.
    expect((await create('admin', { name: '即将吊销', deptId: dept.dealer1 })).statusCode).toBe(200);
  });

  it('lists revoked keys too, marked, newest first', async () => {
    const keys = await list('admin');
    const ids = keys.map((k) => k.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(keys.filter((k) => k.name === '即将吊销').map((k) => k.state)).toEqual(['active', 'revoked']);
  });

  it('answers another institution’s key as absent, and refuses callers without user:admin', async () => {
    const foreign = (await create('admin', { name: '他行对接', deptId: otherFinance })).json().result.id as number;
    expect((await revoke('keyadmin1', foreign)).json()).toEqual({ code: 404, msg: '密钥不存在' });
    expect((await list('keyadmin1')).map((k) => k.id)).not.toContain(foreign);
    expect((await revoke('admin', 999_999)).json()).toEqual({ code: 404, msg: '密钥不存在' });

    for (const res of [await revoke('dealer1', foreign), await create('dealer1', { name: '店内对接' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 401, msg: '没有权限执行此操作' });
    }
    const row = await t.db.selectFrom('integration').select('revoked_at').where('id', '=', foreign).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});

describe('last use', () => {
  it('is written at most once a minute per key, so a busy feed does not write on every batch', async () => {
    const { id, apiKey } = (await create('admin', { name: '时钟', deptId: dept.dealer1 })).json().result as { id: number; apiKey: string };
    const repo = createIngestRepository(t.db);
    const lastUsed = async () => (await t.db.selectFrom('integration').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    const t0 = Date.UTC(2026, 10, 26, 8, 0, 0);
    await integrationScope(repo, apiKey, t0);
    expect(await lastUsed()).toBe(t0);
    await integrationScope(repo, apiKey, t0 + 59_000);
    expect(await lastUsed()).toBe(t0);
    await integrationScope(repo, apiKey, t0 + 60_000);
    expect(await lastUsed()).toBe(t0 + 60_000);
  });
});

describe('a key of a disabled department', () => {
  it('is refused while the institution above its dealer is disabled, in every process, uncounted as a wrong key; enabling restores it', async () => {
    const { id, apiKey } = (await create('admin', { name: '停用机构下的对接', deptId: dept.dealer1 })).json().result as { id: number; apiKey: string };
    const batch = { positions: [{ deviceNumber: dealer1Device, gpsTime: Date.now() - 30_000, lng: 120.16, lat: 30.27 }] };
    const wrongKeys = async () =>
      Number((await t.db.selectFrom('login_failure').select((eb) => eb.fn.countAll<number>().as('n')).where('key', '=', 'k:127.0.0.1').executeTakeFirstOrThrow()).n);
    const counted = await wrongKeys();
    // Another server process disabled the institution: this one hears nothing, and still refuses.
    await t.db.updateTable('dept').set({ disabled_at: Date.now(), disabled_by: 'admin' }).where('id', '=', dept.finance1!).execute();
    try {
      for (const res of [await positions(apiKey, batch), await loans(apiKey, { loans: [] })]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 401, msg: '该接口密钥所属部门已停用，请联系管理员' });
      }
      expect(await wrongKeys()).toBe(counted);
      expect((await list('admin')).find((k) => k.id === id)).toMatchObject({ state: 'active', lastUsedAt: null });
    } finally {
      expect((await post('admin', '/api/system/dept/enable', { id: dept.finance1 })).statusCode).toBe(200);
    }
    // The same key, not re-issued.
    expect((await positions(apiKey, batch)).json()).toMatchObject({ code: 200, result: { stored: 1 } });
    expect((await loans(apiKey, { loans: [] })).json()).toEqual({ code: 400, msg: '参数错误：loans 至少需要一条贷款' });
  });
});
