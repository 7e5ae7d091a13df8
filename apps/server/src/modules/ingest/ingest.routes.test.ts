import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const PLATFORM_KEY = 'platform-integration-key-0001';
const DEALER_KEY = 'dealer1-integration-key-0001';
let dealer1Device = '';
let dealer2Device = '';

beforeAll(async () => {
  t = await createTestApp();
  const depts = await t.db.selectFrom('app_user').select(['username', 'dept_id']).where('username', 'in', ['admin', 'dealer1', 'dealer2']).execute();
  const dept = Object.fromEntries(depts.map((d) => [d.username, d.dept_id]));
  const hash = (k: string) => crypto.createHash('sha256').update(k).digest('hex');
  await t.db.insertInto('integration').values([
    { dept_id: dept.admin!, name: '平台对接', key_hash: hash(PLATFORM_KEY), created_at: SEED_NOW },
    { dept_id: dept.dealer1!, name: '杭州店对接', key_hash: hash(DEALER_KEY), created_at: SEED_NOW },
  ]).execute();
  const pick = async (deptId: number) =>
    (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', deptId).where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow()).device_number;
  dealer1Device = await pick(dept.dealer1!);
  dealer2Device = await pick(dept.dealer2!);
});
afterAll(() => t.close());

const ingest = (key: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/ingest/positions', headers: key ? { 'x-api-key': key } : {}, payload: payload as object });

const position = (deviceNumber: string, gpsTime: number | string, extra: object = {}) => ({ deviceNumber, gpsTime, lng: 120.16, lat: 30.27, speed: 32.5, direction: 180, acc: 1, ...extra });

describe('POST /api/ingest/positions', () => {
  it('refuses a missing or unknown API key with the invalid-token code', async () => {
    for (const key of [undefined, 'wrong-key']) {
      const res = await ingest(key, { positions: [position(dealer1Device, Date.now() - 60_000)] });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 5003, msg: 'API key 无效' });
    }
  });

  it('stores a batch and answers each item: stored, duplicate, or rejected with its reason', async () => {
    const t1 = Date.now() - 120_000;
    const res = await ingest(PLATFORM_KEY, {
      positions: [
        position(dealer1Device, t1),
        position(dealer1Device, t1),
        position(dealer1Device, '2026-13-01 00:00:00'),
        position(dealer1Device, t1 + 1000, { lat: 95 }),
        position('000000000000', t1),
        { nothing: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({ stored: 1, duplicates: 1, rejected: 4 });
    expect(r.items.map((i: { status: string }) => i.status)).toEqual(['stored', 'duplicate', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(r.items[2].reason).toContain('gpsTime');
    expect(r.items[3].reason).toContain('lat');
    expect(r.items[4].reason).toBe('设备不存在');
    expect(r.items[5].reason).toContain('deviceNumber');
  });

  it('accepts Asia/Shanghai time text and the stored fix replays at that time', async () => {
    const res = await ingest(PLATFORM_KEY, { positions: [position(dealer1Device, '2026-11-21 09:30:00', { lng: 120.2, lat: 30.3 })] });
    expect(res.json().result.stored).toBe(1);
    const token = await t.login('admin');
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/device/trackReplayWired?deviceNumber=${dealer1Device}&startTime=2026-11-21%2009:00:00&endTime=2026-11-21%2010:00:00`,
      headers: { accessToken: token },
    });
    expect(replay.json().result.list).toEqual([
      expect.objectContaining({ gpsTime: '2026-11-21 09:30:00', lng: 120.2, lat: 30.3, speed: 32.5, direction: 180 }),
    ]);
  });

  it("lets a dealer's integration report only that dealer's devices", async () => {
    const t1 = Date.now() - 30_000;
    const r = (await ingest(DEALER_KEY, { positions: [position(dealer1Device, t1), position(dealer2Device, t1)] })).json().result;
    expect(r.items.map((i: { status: string }) => i.status)).toEqual(['stored', 'rejected']);
    expect(r.items[1].reason).toBe('设备不存在');
  });

  it('rejects an empty batch and one above 5000 items as a whole', async () => {
    expect((await ingest(PLATFORM_KEY, { positions: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 5001 }, (_, i) => position(dealer1Device, Date.now() - i * 1000));
    const res = await ingest(PLATFORM_KEY, { positions: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('positions');
  });
});

describe('integration keys', () => {
  it('lets an administrator create a key that works at once and is shown only once', async () => {
    const admin = await t.login('admin');
    const created = await t.app.inject({ method: 'POST', url: '/api/integration/create', headers: { accessToken: admin }, payload: { name: '第三方平台' } });
    const { apiKey, id } = created.json().result;
    expect(apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const r = (await ingest(apiKey, { positions: [position(dealer1Device, Date.now() - 5000)] })).json().result;
    expect(r.stored).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/integration/list', headers: { accessToken: admin } });
    const item = list.json().result.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({ name: '第三方平台' });
    expect(JSON.stringify(list.json())).not.toContain(apiKey);
  });

  it('refuses roles without user:admin', async () => {
    const operator = await t.login('operator1');
    const res = await t.app.inject({ method: 'POST', url: '/api/integration/create', headers: { accessToken: operator }, payload: { name: 'x' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('strict input', () => {
  it.each([true, '0x10', ' 12 ', '1e1'])('refuses deptId %j when creating an integration', async (deptId) => {
    const admin = await t.login('admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/integration/create', headers: { accessToken: admin }, payload: { name: '对接', deptId } });
    expect(res.json()).toMatchObject({ code: 400, msg: '参数错误：deptId 应为整数' });
  });

  it('says a department id is too large and a name too long', async () => {
    const admin = await t.login('admin');
    const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/integration/create', headers: { accessToken: admin }, payload });
    expect((await create({ name: '对接', deptId: 2_147_483_648 })).json()).toMatchObject({ code: 400, msg: '参数错误：deptId 不能大于2147483647' });
    expect((await create({ name: '名'.repeat(51) })).json()).toMatchObject({ code: 400, msg: '参数错误：name 最多50个字符' });
  });

  it('answers 404 for a department that does not exist, even to the platform (the fuzz test found a 500)', async () => {
    const admin = await t.login('admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/integration/create', headers: { accessToken: admin }, payload: { name: '对接', deptId: 2_147_483_647 } });
    expect(res.json()).toEqual({ code: 404, msg: '机构不存在' });
  });

  it('checks the key before the body', async () => {
    const res = await ingest('wrong-key', { positions: 'not a list' });
    expect(res.json()).toEqual({ code: 5003, msg: 'API key 无效' });
  });

  it('answers each item of a batch with its own strict reasons', async () => {
    const r = (await ingest(PLATFORM_KEY, { positions: [position(dealer1Device, Date.now() - 1000, { satellites: true }), position(dealer1Device, Date.now() - 2000, { acc: '1' })] })).json().result;
    expect(r.items.map((i: { reason?: string }) => i.reason)).toEqual(['参数错误：satellites 应为数字', '参数错误：acc 取值无效，可选：0、1']);
  });
});
