import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEMO_PASSWORD } from '../../demo/seed-demo.js';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { createTelemetry } from '../../telemetry/telemetry.js';
import { hashKey } from './integration-key.js';

/**
 * Wrong integration keys replayed through the API: counted per address in the database like wrong
 * passwords, refused with 429 past the limit (lowered to 3 here) on every keyed call and in every
 * process, while the right key from elsewhere carries on.
 */
const KEY = 'platform-integration-key-throttle-01';
const LIMIT = 3;
const BLOCKED = { code: 429, msg: '此网络地址接口密钥错误次数过多，请15分钟后再试' };
const INVALID = { code: 5003, msg: 'API key 无效' };

let clock = Date.now();
const now = () => clock;
let t: TestApp;
let device = '';

beforeAll(async () => {
  t = await createTestApp({ API_KEY_MAX_FAILURES_PER_ADDRESS: String(LIMIT) }, undefined, { now });
  const platform = await t.db.selectFrom('dept').select('id').where('kind', '=', 'platform').executeTakeFirstOrThrow();
  await t.db.insertInto('integration').values({ dept_id: platform.id, name: '限速测试', key_hash: hashKey(KEY), created_at: SEED_NOW }).execute();
  device = (await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow()).device_number;
});
afterAll(() => t.close());

const batch = () => ({ positions: [{ deviceNumber: device, gpsTime: Date.now() - 60_000 - Math.floor(Math.random() * 1e6), lng: 120.16, lat: 30.27 }] });
const positions = (ip: string, key?: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/ingest/positions', remoteAddress: ip, headers: key ? { 'x-api-key': key } : {}, payload: batch() });
const loans = (ip: string, key: string) => t.app.inject({ method: 'POST', url: '/api/loan/import', remoteAddress: ip, headers: { 'x-api-key': key }, payload: { loans: [] } });
const counted = async (ip: string) =>
  Number((await t.db.selectFrom('login_failure').select((eb) => eb.fn.countAll<number>().as('n')).where('key', '=', `k:${ip}`).executeTakeFirstOrThrow()).n);

describe('wrong integration keys', () => {
  it('are refused 429 from an address past the limit — the right key too — while the right key from another address works', async () => {
    const guesser = '10.30.0.1';
    for (let i = 0; i < LIMIT; i++) {
      const res = await positions(guesser, `guess-${i}-abcd`);
      expect([res.statusCode, res.json()]).toEqual([401, INVALID]);
    }
    const wrong = await positions(guesser, 'guess-again');
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toEqual(BLOCKED);
    // A right key is not looked at during the block: otherwise the answer would tell a guesser when it guessed right.
    expect((await positions(guesser, KEY)).json()).toEqual(BLOCKED);
    // Every call that takes a key shares the count.
    expect((await loans(guesser, KEY)).json()).toEqual(BLOCKED);

    const elsewhere = await positions('10.30.0.2', KEY);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({ code: 200, result: { stored: 1 } });
    // Passwords are counted apart: the address still signs in.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: guesser, payload: { username: 'admin', password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
  });

  it('are counted in the database (refused calls and calls without a key are not) and written to the audit log', async () => {
    const ip = '10.31.0.1';
    await positions(ip);
    expect(await counted(ip)).toBe(0);
    for (let i = 0; i < LIMIT + 2; i++) await positions(ip, `wrong-key-${i}-wxyz`);
    expect(await counted(ip)).toBe(LIMIT);
    const audit = await t.db.selectFrom('audit_log').select(['username', 'dept_id', 'ip', 'target', 'detail']).where('action', '=', 'integration.keyRejected').where('ip', '=', ip).orderBy('id').execute();
    expect(audit).toHaveLength(LIMIT);
    expect(audit[0]).toEqual({ username: 'x-api-key', dept_id: null, ip, target: '/api/ingest/positions', detail: JSON.stringify({ keyHint: 'wxyz', failures: 1 }) });
    // Only the platform sees them (no department), with the right label.
    const admin = await t.login('admin');
    const listed = await t.app.inject({ method: 'POST', url: '/api/system/audit/list', headers: { accessToken: admin }, payload: { pageNumber: 1, pageSize: 10, action: 'integration.keyRejected' } });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('接口密钥错误');
  });

  it('refuse every process alike: the count lives in the database', async () => {
    const other = await buildApp({ db: t.db, telemetry: createTelemetry(t.handle), config: t.config, logger: pino({ level: 'silent' }), now });
    try {
      const ip = '10.32.0.1';
      for (let i = 0; i < LIMIT; i++) expect((await positions(ip, `wrong-${i}`)).statusCode).toBe(401);
      expect((await positions(ip, KEY, other)).json()).toEqual(BLOCKED);
      expect((await positions('10.32.0.2', KEY, other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('count an IPv6 client by its /64', async () => {
    for (let i = 1; i <= LIMIT; i++) await positions(`2001:db8:7:1::${i}`, `wrong-${i}`);
    expect((await positions('2001:db8:7:1:ffff::9', KEY)).json()).toEqual(BLOCKED);
    expect((await positions('2001:db8:7:2::1', KEY)).statusCode).toBe(200);
  });

  it('let the address in again once the window has passed its last counted failure, refusals during the block not stretching it', async () => {
    const ip = '10.33.0.1';
    const start = clock;
    for (let i = 0; i < LIMIT; i++) await positions(ip, `wrong-${i}`);
    for (const minutes of [1, 7, 14]) {
      clock = start + minutes * 60_000;
      expect((await positions(ip, 'still-guessing')).json()).toEqual(BLOCKED);
    }
    clock = start + t.config.loginWindowMs + 1;
    expect((await positions(ip, KEY)).statusCode).toBe(200);
  });
});
