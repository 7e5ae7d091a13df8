import http from 'node:http';
import { formatTime, LIVE_STREAM_PATH, PUSH_PATHS, type InAppSettings, type WarningEvent } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The in-app channel of the push configuration: per department and type, read and set in scope, obeyed by the live push and the top bar. */
let t: TestApp;
let base = '';
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};

const get = (user: string, deptId?: number) =>
  t.app.inject({ method: 'GET', url: `${PUSH_PATHS.inApp}${deptId === undefined ? '' : `?deptId=${deptId}`}`, headers: { accessToken: tokens[user]! } });
const save = (user: string, body: object) => t.app.inject({ method: 'POST', url: PUSH_PATHS.inAppSave, headers: { accessToken: tokens[user]! }, payload: body });
const settingOf = (s: InAppSettings, type: number) => s.list.find((x) => x.warningType === type)!;
const post = (user: string, url: string) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload: {} }).then((r) => r.json().result);

/** A live stream read as the console's EventSource reads it: the ids of the `warning` events so far, and a wait for one. */
function openStream(user: string): Promise<{ ids(): number[]; waitFor(id: number): Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${LIVE_STREAM_PATH}?events=warning`, { headers: { accessToken: tokens[user]! } }, (res) => {
      res.setEncoding('utf8');
      let text = '';
      const waiters = new Set<() => void>();
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const w of [...waiters]) w();
      });
      const ids = () =>
        text.split('\n\n').filter((b) => b.startsWith('event: warning\n')).map((b) => (JSON.parse(b.slice(b.indexOf('data: ') + 6)) as WarningEvent).id);
      const waitFor = (id: number) =>
        new Promise<void>((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`${user} never got warning ${id}; got ${ids().join(',')}`)), 10_000);
          const check = () => {
            if (!ids().includes(id)) return;
            waiters.delete(check);
            clearTimeout(timer);
            done();
          };
          waiters.add(check);
          check();
        });
      res.once('data', () => resolve({ ids, waitFor, close: () => req.destroy() }));
    });
    req.on('error', reject);
  });
}

/** A warning of a dealer, stored (unhandled, pushed) and announced as the engine does. */
async function raise(type: number, dealer: string): Promise<WarningEvent> {
  const d = await t.db.selectFrom('device').select(['id', 'device_number', 'car_id']).where('dept_id', '=', dept[dealer]!).where('car_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const at = Date.now();
  const { id } = await t.db.insertInto('warning').values({
    dept_id: dept[dealer]!, device_id: d.id, car_id: d.car_id, warning_type: type, risk_level: 2, place_key: `in-app:${at}:${Math.random()}`,
    warning_time: at, last_time: at, pushed: 1, deal_status: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const event: WarningEvent = {
    id, warningType: type as WarningEvent['warningType'], warningTypeName: 'x', riskLevel: 2, compound: false, deviceNumber: d.device_number,
    customerName: null, plateNumber: null, deptId: dept[dealer]!, warningTime: formatTime(at),
  };
  t.telemetry.announceWarning(event);
  return event;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2', 'finance2']) {
    tokens[u] = await t.login(u);
    dept[u] = (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', u).executeTakeFirstOrThrow()).dept_id;
  }
});
afterAll(() => t.close());

describe('in-app push settings', () => {
  it('are on for every type until someone chooses, and a choice above is followed below until the department chooses itself', async () => {
    const fresh = (await get('dealer2')).json().result as InAppSettings;
    expect(fresh).toMatchObject({ deptId: dept.dealer2, editable: false });
    expect(fresh.list).toHaveLength(11);
    expect(fresh.list.every((s) => s.inApp && s.source === 'default' && s.sourceDeptName === null)).toBe(true);

    const saved = await save('finance1', { warningType: 11, inApp: false });
    expect(saved.json()).toMatchObject({ code: 200, msg: '已关闭站内推送' });
    expect(settingOf(saved.json().result, 11)).toMatchObject({ inApp: false, source: 'own', updatedBy: '李明辉' });

    const below = (await get('dealer2')).json().result as InAppSettings;
    expect(settingOf(below, 11)).toMatchObject({ inApp: false, source: 'inherited', sourceDeptName: saved.json().result.deptName });
    expect(settingOf(below, 1)).toMatchObject({ inApp: true, source: 'default' });

    // The institution turns it back on for one dealer only; dropping that choice follows the institution again.
    await save('finance1', { deptId: dept.dealer2, warningType: 11, inApp: true });
    expect(settingOf((await get('dealer2')).json().result, 11)).toMatchObject({ inApp: true, source: 'own' });
    expect((await save('finance1', { deptId: dept.dealer2, warningType: 11, inApp: null })).json().msg).toBe('已恢复沿用上级设置');
    expect(settingOf((await get('dealer2')).json().result, 11)).toMatchObject({ inApp: false, source: 'inherited' });
    await save('finance1', { warningType: 11, inApp: null });

    const audit = await t.db.selectFrom('audit_log').select(['action', 'username']).where('action', '=', 'push.inApp').execute();
    expect(audit).toHaveLength(4);
    expect(audit.every((a) => a.username === 'finance1')).toBe(true);
  });

  it("is read and changed only in the caller's scope, and changed only with config:edit", async () => {
    expect((await get('dealer1', dept.dealer2)).statusCode).toBe(404);
    expect((await get('finance2', dept.dealer1)).json()).toEqual({ code: 404, msg: '机构不存在' });
    expect((await save('finance2', { deptId: dept.dealer1, warningType: 1, inApp: false })).json().code).toBe(404);
    expect((await save('dealer1', { warningType: 1, inApp: false })).statusCode).toBe(403);
    expect((await save('operator1', { warningType: 1, inApp: false })).statusCode).toBe(403);
    expect((await save('finance1', { warningType: 42, inApp: false })).statusCode).toBe(400);
    expect((await save('finance1', { warningType: 1, inApp: 'off' })).statusCode).toBe(400);
    expect(await t.db.selectFrom('push_in_app').selectAll().where('warning_type', '=', 1).execute()).toEqual([]);
    // The platform sees and sets every department's.
    expect((await get('admin', dept.dealer1)).json().result.deptId).toBe(dept.dealer1);
  });
});

describe('a type switched off in-app for a department', () => {
  it("is not pushed live, in the ticker or in the count to that department's users; others and the webhook still get it", async () => {
    await save('finance1', { deptId: dept.dealer1, warningType: 6, inApp: false });
    const hook = await t.db.insertInto('webhook').values({
      dept_id: dept.dealer1!, name: '站内关闭测试', url: 'https://hooks.example.invalid/cvrisk', warning_types: '*', secret: 's'.repeat(16), enabled: 1,
      created_by: null, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow();
    const dealer1 = await openStream('dealer1');
    const finance1 = await openStream('finance1');

    const muted = await raise(6, 'dealer1');
    const heard = await raise(1, 'dealer1');
    // The hub writes each warning to every stream in one pass: finance1 having both means dealer1's were decided too.
    await finance1.waitFor(muted.id);
    await finance1.waitFor(heard.id);
    await dealer1.waitFor(heard.id);
    expect(dealer1.ids()).not.toContain(muted.id);

    const tickerIds = async (user: string) => ((await post(user, '/api/report/riskWarning/getUntreateWarningList')).list as { id: number }[]).map((w) => w.id);
    expect(await tickerIds('dealer1')).toContain(heard.id);
    expect(await tickerIds('dealer1')).not.toContain(muted.id);
    expect(await tickerIds('finance1')).toContain(muted.id);
    const count = async (user: string) => (await post(user, '/api/report/riskWarning/getRiskWarning')).allCountStatus0 as number;
    const before = { dealer1: await count('dealer1'), finance1: await count('finance1') };
    await save('finance1', { deptId: dept.dealer1, warningType: 6, inApp: null });
    expect(await count('dealer1')).toBe(before.dealer1 + 1);
    expect(await count('finance1')).toBe(before.finance1);

    // The webhook of the same department queued a delivery of both: another channel, unaffected.
    const queued = await t.db.selectFrom('webhook_delivery').select('warning_id').where('webhook_id', '=', hook.id).execute();
    expect(queued.map((d) => d.warning_id).sort()).toEqual([muted.id, heard.id].sort());
    dealer1.close();
    finance1.close();
  });
});
