import { ALARM_TYPES, DEFAULT_RISK_WARNING_CONFIG, formatTime, type AuditItem } from '@cvrisk/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSheet } from '../../lib/xlsx-read.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deptsOfUsers, devicesOf, insertWarning } from '../warning/warning.fixture.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let dept: Record<string, number> = {};
/** Every request comes from a known address, so each entry's ip can be checked. */
const IP = '10.20.30.40';
const LIST = '/api/system/audit/list';
const HOUR = 3600_000;

const send = (user: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { accessToken: tokens[user]! }, remoteAddress: IP, ...(payload ? { payload } : {}) });
const post = (user: string, url: string, payload: object = {}) => send(user, 'POST', url, payload);

async function list(user: string, filters: object = {}): Promise<{ list: AuditItem[]; count: number }> {
  const res = await post(user, LIST, { pageNumber: 1, pageSize: 1000, ...filters });
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().result;
}

/** The newest entry of an action that the caller may see. */
const newest = async (action: string) => (await list('admin', { action })).list[0]!;

/** The ids of a department and everything under it. */
const subtree = async (id: number) => {
  const root = await t.db.selectFrom('dept').select('path').where('id', '=', id).executeTakeFirstOrThrow();
  return (await t.db.selectFrom('dept').select('id').where('path', 'like', `${root.path}%`).execute()).map((d) => d.id);
};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'finance2', 'dealer1']) tokens[u] = await t.login(u);
  dept = await deptsOfUsers(t.db);
  // One change in each institution, so scope has something to tell apart.
  const cfg = (hours: number) => ({ ...DEFAULT_RISK_WARNING_CONFIG, offline: { ...DEFAULT_RISK_WARNING_CONFIG.offline, wiredHours: hours } });
  expect((await post('finance1', '/api/riskConfig/saveRiskWarningConfig', { config: cfg(12) })).json().code).toBe(200);
  expect((await post('finance2', '/api/riskConfig/saveRiskWarningConfig', { config: cfg(36) })).json().code).toBe(200);
});
afterAll(() => t.close());

describe('who may read the audit log', () => {
  it('shows the platform every department, an institution only its own subtree, newest first', async () => {
    const all = await list('admin');
    const f1 = await list('finance1');
    expect(all.list.map((e) => e.username)).toEqual(expect.arrayContaining(['finance1', 'finance2']));
    const own = await subtree(dept.finance1!);
    expect(f1.list.length).toBeGreaterThan(0);
    for (const e of f1.list) expect(own).toContain(e.deptId);
    expect(f1.list.map((e) => e.username)).not.toContain('finance2');
    expect(f1.count).toBeLessThan(all.count);
    const ids = all.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses a user without audit:view', async () => {
    const res = await post('dealer1', LIST, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 401, msg: '没有权限执行此操作' });
    expect((await post('dealer1', '/api/system/audit/download', {})).statusCode).toBe(403);
  });

  it('keeps entries without a department (a failed sign-in under an unknown name) for the platform', async () => {
    await t.db.insertInto('audit_log').values({ at: Date.now(), user_id: null, username: 'nobody-known', dept_id: null, ip: IP, action: 'session.loginFailed', target: 'nobody-known', detail: '{}' }).execute();
    expect((await list('admin', { username: 'nobody-known' })).count).toBe(1);
    expect((await list('finance1', { username: 'nobody-known' })).count).toBe(0);
  });

  it('narrows by department within scope and never widens: another institution answers nothing', async () => {
    const mine = await list('finance1', { deptId: dept.finance1 });
    expect(mine.list.map((e) => e.username)).toContain('finance1');
    expect(await list('finance1', { deptId: dept.finance2 })).toEqual({ list: [], count: 0 });
    expect((await list('admin', { deptId: dept.finance2 })).list.every((e) => e.username !== 'finance1')).toBe(true);
  });

  it('filters by user, action and time, and refuses a bad filter naming the field', async () => {
    const byName = (await list('admin', { username: '周文' })).list;
    expect(new Set(byName.map((e) => e.username))).toEqual(new Set(['finance2']));
    expect(byName.map((e) => e.action)).toContain('riskConfig.save');
    const finance1Id = (await t.db.selectFrom('app_user').select('id').where('username', '=', 'finance1').executeTakeFirstOrThrow()).id;
    expect((await list('admin', { userId: finance1Id })).list.every((e) => e.username === 'finance1')).toBe(true);
    expect((await list('admin', { action: 'riskConfig.save' })).count).toBe(2);
    expect((await list('admin', { action: 'riskConfig.save', endTime: formatTime(Date.now() - HOUR) })).count).toBe(0);
    expect((await list('admin', { action: 'riskConfig.save', beginTime: formatTime(Date.now() - HOUR) })).count).toBe(2);
    const bad = await post('admin', LIST, { action: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('参数错误：action 不是已知的操作类型');
    const reversed = await post('admin', LIST, { beginTime: '2026-01-02 00:00:00', endTime: '2026-01-01 00:00:00' });
    expect(reversed.json().msg).toBe('参数错误：beginTime 开始时间不能晚于结束时间');
  });
});

describe('what is recorded', () => {
  it('a threshold change, with the thresholds it changed, and a reset', async () => {
    const e = (await list('admin', { action: 'riskConfig.save', username: 'finance1' })).list[0]!;
    expect(e).toMatchObject({ username: 'finance1', realname: '李明辉', deptId: dept.finance1, ip: IP, actionLabel: '修改预警阈值' });
    expect(JSON.parse(e.detail)).toEqual({ deptId: dept.finance1, changes: { 'offline.wiredHours': { before: DEFAULT_RISK_WARNING_CONFIG.offline.wiredHours, after: 12 } } });
    // Shown as lines an operator reads: the institution by name, the threshold by its label.
    expect(e.details).toEqual([
      { label: '机构', value: e.deptName },
      { label: '修改 有线设备离线时长(小时)', value: `${DEFAULT_RISK_WARNING_CONFIG.offline.wiredHours} → 12` },
    ]);
    expect((await post('finance1', '/api/riskConfig/resetRiskWarningConfig', {})).json().code).toBe(200);
    const reset = await newest('riskConfig.reset');
    expect(reset).toMatchObject({ username: 'finance1', ip: IP, target: e.target });
    expect(JSON.parse(reset.detail).changes).toEqual({ 'offline.wiredHours': { before: 12, after: DEFAULT_RISK_WARNING_CONFIG.offline.wiredHours } });
  });

  it('a warning handled, with its id and the result written', async () => {
    const [device] = await devicesOf(t.db, dept.dealer1!, 1);
    const id = await insertWarning(t.db, device!, 7, Date.now() - HOUR);
    const res = await send('dealer1', 'PUT', '/api/report/riskWarning/treatRiskWarning', { id, dealDescription: '已电话联系客户' });
    expect(res.json().code).toBe(200);
    const e = await newest('warning.handle');
    // The warning is named by its device and type, not a bare id.
    const named = `${device!.device_number} 设备分离预警`;
    expect(e).toMatchObject({ username: 'dealer1', deptId: dept.dealer1, ip: IP, target: `预警 #${id} ${named}` });
    expect(JSON.parse(e.detail)).toEqual({ description: '已电话联系客户', count: 1, ids: [id] });
    expect(e.details).toEqual([{ label: '处理说明', value: '已电话联系客户' }, { label: '数量', value: '1' }, { label: '预警', value: `#${id} ${named}` }]);
    // The dealer's institution sees it; the other institution does not.
    expect((await list('finance1', { action: 'warning.handle' })).list.map((x) => x.target)).toContain(`预警 #${id} ${named}`);
    expect((await list('finance2', { action: 'warning.handle' })).count).toBe(0);
  });

  it('push settings saved, switched off and deleted, never with the secret', async () => {
    const secret = 'audit-secret-0123456789';
    const saved = await post('finance1', '/api/push/webhook/save', { name: '审计测试推送', url: 'https://1.1.1.1/hook', warningTypes: '*', secret, enabled: true });
    expect(saved.json().code).toBe(200);
    const id = saved.json().result.entity.id as number;
    const created = await newest('push.save');
    expect(created).toMatchObject({ username: 'finance1', ip: IP, target: `#${id} 审计测试推送` });
    expect(JSON.parse(created.detail)).toMatchObject({ created: true, secretChanged: true, changes: { name: '审计测试推送', url: 'https://1.1.1.1/hook', enabled: true } });
    expect(created.detail).not.toContain(secret);

    expect((await post('finance1', '/api/push/webhook/enable', { id, enabled: false })).json().code).toBe(200);
    expect(JSON.parse((await newest('push.enable')).detail)).toEqual({ enabled: false });
    expect((await send('finance1', 'DELETE', `/api/push/webhook/delete?id=${id}`)).json().code).toBe(200);
    expect(await newest('push.delete')).toMatchObject({ username: 'finance1', target: `#${id} 审计测试推送` });
  });

  it('every export: who, which call, with which filters', async () => {
    const res = await post('finance1', '/api/report/gpsAlarm/download', { alarmType: 8, deptId: dept.dealer1 });
    expect(res.statusCode).toBe(200);
    const e = await newest('export');
    expect(e).toMatchObject({ username: 'finance1', ip: IP, action: 'export', actionLabel: '导出', target: '/api/report/gpsAlarm/download' });
    expect(JSON.parse(e.detail)).toEqual({ alarmType: 8, deptId: dept.dealer1 });
    const dealer = await t.db.selectFrom('dept').select('name').where('id', '=', dept.dealer1!).executeTakeFirstOrThrow();
    expect(e.details).toEqual([{ label: '报警类型', value: ALARM_TYPES[8]!.zh }, { label: '机构', value: dealer.name }]);
  });

  it('an export refused for bad input leaves no entry', async () => {
    const before = (await list('admin', { action: 'export' })).count;
    expect((await post('finance1', '/api/report/gpsAlarm/download', { beginDate: 'yesterday' })).statusCode).toBe(400);
    expect((await list('admin', { action: 'export' })).count).toBe(before);
  });

  it('a blank import template is not an export: it holds no data', async () => {
    const before = (await list('admin', { action: 'export' })).count;
    const res = await t.app.inject({ method: 'GET', url: '/api/loan/importTemplate', headers: { accessToken: tokens.finance1! } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await list('admin', { action: 'export' })).count).toBe(before);
  });
});

describe('the export of the log itself', () => {
  it('is an .xlsx of the same rows as the list, and is itself recorded', async () => {
    const filters = { username: 'finance1' };
    const shown = await list('admin', filters);
    const res = await post('admin', '/api/system/audit/download', filters);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = [...openSheet(new Uint8Array(res.rawPayload)).rows].map((r) => r.cells);
    expect(rows[0]).toEqual(['时间', '账号', '姓名', '所属机构', 'IP地址', '操作', '对象', '详情']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[6]])).toEqual(shown.list.map((e) => [e.at, e.username, e.actionLabel, e.target]));
    expect(await newest('export')).toMatchObject({ username: 'admin', target: '/api/system/audit/download', detail: JSON.stringify(filters) });
  });
});

describe('immutability', () => {
  it('the database refuses to change or delete an entry', async () => {
    const { id } = await t.db.selectFrom('audit_log').select('id').orderBy('id').executeTakeFirstOrThrow();
    await expect(t.db.updateTable('audit_log').set({ username: 'someone-else' }).where('id', '=', id).execute()).rejects.toThrow('审计日志不可修改');
    await expect(t.db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow('审计日志不可修改');
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow('审计日志不可修改');
    expect((await t.db.selectFrom('audit_log').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username).not.toBe('someone-else');
  });
});
