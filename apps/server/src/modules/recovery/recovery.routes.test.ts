import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { recoveryFixture, type RecoveryFixture } from '../../test/recovery-fixture.js';

let t: TestApp;
let f: RecoveryFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await recoveryFixture(t);
});
afterAll(async () => {
  await t.close();
});

const body = (res: { json(): { code: number; msg: string; result: unknown } }) => res.json();

describe('opening a case', () => {
  it('opens on a customer in scope with all their cars, in 待分配, with who and why', async () => {
    const c = f.customer();
    const d = await f.open('operator1', { customerId: c.id, source: 'overdue', reason: '逾期45天，电话失联' });
    expect(d.case).toMatchObject({ state: 'unassigned', customerName: c.name, source: 'overdue', openedBy: '张晓燕', teamName: null });
    expect((d.case as unknown as { caseNo: string }).caseNo).toMatch(/^R\d{8}-\d{6}$/);
    const detail = body(await f.detail('operator1', d.case.id)).result as { history: { action: string; by: string; reason: string }[]; devices: unknown[]; actions: string[] };
    expect(detail.history.map((h) => h.action)).toEqual(['open']);
    expect(detail.history[0]).toMatchObject({ by: '张晓燕', reason: '逾期45天，电话失联' });
    expect(detail.devices.length).toBeGreaterThan(0);
    expect(detail.actions).toEqual(['assign', 'settle', 'close']);
  });

  it('refuses a second open case on the same customer, a customer out of scope, and a dealer opening one', async () => {
    const c = f.customer();
    const first = await f.open('operator1', { customerId: c.id, source: 'manual', reason: '手工立案' });
    const again = await f.post('operator1', '/api/recovery/case/open', { customerId: c.id, source: 'manual', reason: '再次立案' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`客户“${c.name}”已有进行中的追车案件（案件 ${first.case.id}），请在该案件中继续`);
    const other = await f.post('finance2', '/api/recovery/case/open', { customerId: f.customer().id, source: 'manual', reason: 'x' });
    expect(other.json()).toMatchObject({ code: 404, msg: '客户不存在' });
    const dealer = await f.post('dealer1', '/api/recovery/case/open', { customerId: c.id, source: 'manual', reason: 'x' });
    expect(dealer.statusCode).toBe(403);
  });

  it('validates the reason, the source and the warning of a warning-sourced case', async () => {
    const c = f.customer();
    const noReason = await f.post('operator1', '/api/recovery/case/open', { customerId: c.id, source: 'manual', reason: '  ' });
    expect(noReason.json()).toMatchObject({ code: 400 });
    expect(noReason.json().msg).toContain('请填写原因');
    const noWarning = await f.post('operator1', '/api/recovery/case/open', { customerId: c.id, source: 'warning', reason: '当铺预警' });
    expect(noWarning.json().msg).toContain('从预警新建时请指明预警');
    const wrongWarning = await f.post('operator1', '/api/recovery/case/open', { customerId: c.id, source: 'warning', warningId: 2_000_000_000, reason: '当铺预警' });
    expect(wrongWarning.json()).toMatchObject({ code: 404, msg: '预警不存在或不属于该客户' });
  });
});

describe('scope', () => {
  let caseId: number;
  beforeAll(async () => {
    caseId = (await f.open('operator1', { customerId: f.customer().id, source: 'overdue', reason: '逾期' })).case.id;
  });

  it('a recovery company sees a case only once it is assigned to it, and the other company never', async () => {
    expect((await f.detail('recovery1', caseId)).json()).toMatchObject({ code: 404, msg: '案件不存在' });
    const listBefore = body(await f.post('recovery1', '/api/recovery/case/list', { pageNumber: 1, pageSize: 50 })).result as { list: { id: number }[] };
    expect(listBefore.list.map((c) => c.id)).not.toContain(caseId);

    expect((await f.change('operator1', caseId, 'assign', { teamDeptId: f.team1 })).json()).toMatchObject({ code: 200, result: { case: { state: 'assigned', teamName: '杭州鹰眼资产保全服务有限公司' } } });
    const mine = body(await f.post('recovery1', '/api/recovery/case/list', { pageNumber: 1, pageSize: 50 })).result as { list: { id: number }[]; stateCounts: Record<string, number> };
    expect(mine.list.map((c) => c.id)).toContain(caseId);
    const detail = body(await f.detail('recovery1', caseId)).result as { devices: { lng: number | null }[]; actions: string[]; readOnly: boolean };
    expect(detail.devices.length).toBeGreaterThan(0);
    expect(detail.actions).toEqual(['locate', 'found', 'recover']);
    expect(detail.readOnly).toBe(false);

    expect((await f.detail('recovery2', caseId)).json()).toMatchObject({ code: 404 });
    expect((await f.detail('finance2', caseId)).json()).toMatchObject({ code: 404 });
    expect((await f.detail('installer1', caseId)).statusCode).toBe(403);
  });

  it("a dealer reads its own customers' cases, read only; another dealer does not see them", async () => {
    const d = body(await f.detail('dealer1', caseId)).result as { actions: string[]; readOnly: boolean; canLink: boolean; canRequestControl: boolean };
    expect(d).toMatchObject({ actions: [], readOnly: true, canLink: false, canRequestControl: false });
    expect((await f.change('dealer1', caseId, 'close')).statusCode).toBe(403);
    expect((await f.detail('dealer2', caseId)).json()).toMatchObject({ code: 404 });
  });

  it("records the assignment in the audit log, the company by its name", async () => {
    const page = body(await f.post('finance1', '/api/system/audit/list', { pageNumber: 1, pageSize: 20, action: 'recovery.change' })).result as { list: { actionLabel: string; details: { label: string; value: string }[] }[] };
    const entry = page.list.find((e) => e.details.some((d) => d.label === '案件' && d.value === String(caseId)));
    expect(entry?.actionLabel).toBe('变更追车案件');
    expect(entry?.details).toEqual(expect.arrayContaining([
      { label: '操作', value: 'assign' }, { label: '原状态', value: 'unassigned' }, { label: '新状态', value: 'assigned' },
      { label: '追车公司', value: '杭州鹰眼资产保全服务有限公司' },
    ]));
  });

  it('refuses a team of another institution', async () => {
    expect((await f.change('operator1', caseId, 'assign', { teamDeptId: f.team2 })).json()).toMatchObject({ code: 404, msg: '追车公司不存在' });
    expect((await f.change('admin', caseId, 'assign', { teamDeptId: f.team2 })).json()).toMatchObject({ code: 400, msg: '追车公司“广州安盾车辆追回服务有限公司”不属于本案车辆所在的金融机构' });
  });
});

describe('the life of a case', () => {
  it('moves through every state with the timers, refuses what the state does not allow (409), and reopens', async () => {
    const id = (await f.open('operator1', { customerId: f.customer().id, source: 'portrait', reason: '画像显示异地', teamDeptId: f.team1 })).case.id;
    expect((await f.change('recovery1', id, 'settle')).statusCode).toBe(403);
    expect((await f.change('recovery1', id, 'locate')).json()).toMatchObject({ code: 200, result: { case: { state: 'locating' } } });
    const found = (await f.change('recovery1', id, 'found')).json().result as { case: { state: string; firstFoundAt: string | null; minutesToFound: number | null } };
    expect(found.case).toMatchObject({ state: 'found', minutesToFound: 0 });
    expect(found.case.firstFoundAt).not.toBeNull();
    expect((await f.change('recovery1', id, 'found')).json()).toMatchObject({ code: 409, msg: '案件已找到，不能执行此操作' });

    const summary = body(await f.get('finance1', '/api/recovery/summary')).result as { open: number; foundLast24h: number };
    expect(summary.foundLast24h).toBeGreaterThanOrEqual(1);

    const recovered = (await f.change('recovery1', id, 'recover')).json().result as { case: { state: string; closedAt: string | null; minutesToRecovered: number | null } };
    expect(recovered.case).toMatchObject({ state: 'recovered', minutesToRecovered: 0 });
    expect(recovered.case.closedAt).not.toBeNull();
    // Closed: the team keeps the case in its list but no longer sees the cars.
    const teamView = body(await f.detail('recovery1', id)).result as { devices: unknown; actions: string[]; readOnly: boolean };
    expect(teamView).toMatchObject({ devices: null, actions: [], readOnly: true });
    expect((await f.change('recovery1', id, 'reopen')).statusCode).toBe(403);

    expect((await f.change('operator1', id, 'close')).json()).toMatchObject({ code: 409, msg: '案件已收车，不能执行此操作' });
    const reopened = (await f.change('operator1', id, 'reopen')).json().result as { case: { state: string; closedAt: string | null }; history: { action: string; fromState: string; toState: string; by: string }[] };
    expect(reopened.case).toMatchObject({ state: 'assigned', closedAt: null });
    expect(reopened.history.map((h) => h.action)).toEqual(['reopen', 'recover', 'found', 'locate', 'assign', 'open']);
    expect(reopened.history[1]).toMatchObject({ fromState: 'found', toState: 'recovered', by: '钱伟' });
    expect((await f.change('operator1', id, 'reopen')).json()).toMatchObject({ code: 409, msg: '案件已分配，不能重新打开' });

    const month = body(await f.get('finance1', '/api/recovery/summary')).result as { recoveredThisMonth: number };
    expect(month.recoveredThisMonth).toBe(0);
  });

  it('lists with the state tabs counted under the same filters, and exports the same rows', async () => {
    const c = f.customer();
    const id = (await f.open('operator1', { customerId: c.id, source: 'manual', reason: '列表测试' })).case.id;
    await f.change('operator1', id, 'settle');
    const page = body(await f.post('operator1', '/api/recovery/case/list', { pageNumber: 1, pageSize: 10, keyword: c.name, state: 'settled' })).result as { list: { id: number; customerName: string }[]; count: number; stateCounts: Record<string, number> };
    expect(page.list.map((r) => r.id)).toEqual([id]);
    expect(page.stateCounts.settled).toBe(1);
    const res = await f.post('operator1', '/api/recovery/case/export', { pageNumber: 1, pageSize: 10, keyword: c.name });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('field links', () => {
  let caseId: number;
  beforeAll(async () => {
    caseId = (await f.open('operator1', { customerId: f.customer().id, source: 'overdue', reason: '逾期', teamDeptId: f.team1 })).case.id;
  });
  const create = async (user: string, hours?: number) => f.post(user, '/api/recovery/link/create', { caseId, label: '外勤老王', ...(hours ? { hours } : {}) });
  const view = (token: string, ip = '10.0.0.1', ua = 'Mozilla/5.0 (iPhone)') => t.app.inject({ method: 'POST', url: '/api/field/view', payload: { token }, remoteAddress: ip, headers: { 'user-agent': ua } });

  it('opens without an account, shows the car and nothing about the customer, and records the opening', async () => {
    const created = await create('recovery1');
    expect(created.json()).toMatchObject({ code: 200, msg: '外勤链接已创建，地址只显示这一次', result: { label: '外勤老王', live: true, opens: 0 } });
    const { token, expiresAt, createdAt } = created.json().result as { token: string; expiresAt: string; createdAt: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt.replace(' ', 'T')) - Date.parse(createdAt.replace(' ', 'T'))).toBe(24 * 3600_000);
    const stored = await t.db.selectFrom('recovery_link').select('token_hash').where('case_id', '=', caseId).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const seen = view(token);
    const r = (await seen).json();
    expect(r.code).toBe(200);
    expect(r.result.positions.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.result)).not.toMatch(/customer|idCard|phone|loan/i);
    const opens = body(await f.get('operator1', `/api/recovery/link/opens?id=${caseId}`)).result as { ip: string; userAgent: string; linkLabel: string }[];
    expect(opens[0]).toMatchObject({ ip: '10.0.0.1', userAgent: 'Mozilla/5.0 (iPhone)', linkLabel: '外勤老王' });
  });

  it('stops at once when revoked, when it expires and when the case closes, saying which', async () => {
    const a = (await create('operator1')).json().result as { id: number; token: string };
    expect((await f.post('operator1', '/api/recovery/link/revoke', { id: a.id })).json()).toMatchObject({ code: 200, result: { live: false } });
    expect((await view(a.token)).json()).toMatchObject({ code: 404, msg: '链接已被撤销' });

    const b = (await create('operator1', 1)).json().result as { id: number; token: string };
    await t.db.updateTable('recovery_link').set({ expires_at: Date.now() - 1 }).where('id', '=', b.id).execute();
    expect((await view(b.token)).json()).toMatchObject({ code: 404, msg: '链接已过期' });

    const c = (await create('operator1')).json().result as { token: string };
    expect((await view(c.token)).json().code).toBe(200);
    const other = (await f.open('operator1', { customerId: f.customer().id, source: 'manual', reason: '关闭测试' })).case.id;
    const d = (await f.post('operator1', '/api/recovery/link/create', { caseId: other, label: '张三' })).json().result as { token: string };
    await f.change('operator1', other, 'close');
    expect((await view(d.token)).json()).toMatchObject({ code: 404, msg: '案件已结案，链接已失效' });
    expect((await f.post('operator1', '/api/recovery/link/create', { caseId: other, label: '张三' })).json()).toMatchObject({ code: 409, msg: '案件已结案，不能创建外勤链接' });
  });

  it('refuses longer than 72 hours, strangers and guessing', async () => {
    expect((await create('operator1', 73)).json().code).toBe(400);
    expect((await create('dealer1')).statusCode).toBe(403);
    expect((await create('recovery2')).json()).toMatchObject({ code: 404, msg: '案件不存在' });
    const guess = 'A'.repeat(43);
    for (let i = 0; i < 10; i++) expect((await view(guess, '10.9.9.9')).json()).toMatchObject({ code: 404, msg: '链接无效' });
    expect((await view(guess, '10.9.9.9')).json()).toMatchObject({ code: 429, msg: '尝试过多，请10分钟后再试' });
    expect((await view('not-a-token', '10.9.9.8')).json().code).toBe(400);
  });
});

describe('the field page\'s live stream', () => {
  /** Reads server-sent events until the server ends the stream, calling `onEvent` on each as it comes. */
  function readEvents(url: string, onEvent: (name: string, data: unknown) => void | Promise<void>): Promise<{ status: number; events: { name: string; data: unknown }[] }> {
    return new Promise((resolve, reject) => {
      const events: { name: string; data: unknown }[] = [];
      http.get(url, (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) {
              events.push({ name, data: JSON.parse(data) });
              void onEvent(name, JSON.parse(data));
            }
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, events }));
      }).on('error', reject);
    });
  }

  it('sends the positions at once, and `gone` with the reason when the link is revoked, then ends', async () => {
    const caseId = (await f.open('operator1', { customerId: f.customer().id, source: 'manual', reason: '实时测试' })).case.id;
    const link = (await f.post('operator1', '/api/recovery/link/create', { caseId, label: '外勤' })).json().result as { id: number; token: string };
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain('127.0.0.1');
    const result = await readEvents(`http://127.0.0.1:${port}/api/field/stream?token=${link.token}`, async (name) => {
      if (name === 'position') await f.post('operator1', '/api/recovery/link/revoke', { id: link.id });
    });
    expect(result.status).toBe(200);
    expect(result.events.map((e) => e.name)).toEqual(['position', 'gone']);
    expect(Array.isArray(result.events[0]!.data)).toBe(true);
    expect(result.events[1]!.data).toEqual({ reason: 'revoked' });
  });
});
