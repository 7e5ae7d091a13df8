import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatTime, PUSH_PATHS, type WarningEvent, type WebhookDeliveryItem, type WebhookItem } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../../demo/seed-demo.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createTelemetry, type Telemetry } from '../../telemetry/telemetry.js';
import type { PushWorkerOptions } from './push-worker.js';

type PushApp = { app: FastifyInstance; telemetry: Telemetry; login(username: string): Promise<string> };

/**
 * One seeded database that outlives the servers built on it, so a test can stop a server and start
 * another (a restart) with its own webhook clock, HTTP client and back-off.
 */
async function openPushTestDb(): Promise<{ handle: DatabaseHandle; start(push: PushWorkerOptions): Promise<PushApp> }> {
  const handle = await openTestDatabase();
  await seedDemo(handle.db, { now: SEED_NOW });
  const config = loadConfig({ DATA_DIR: '/tmp/cvrisk-unused' });
  return {
    handle,
    async start(push) {
      const telemetry = createTelemetry(handle);
      const app = await buildApp({ db: handle.db, bulk: handle.bulk, telemetry, config, logger: pino({ level: 'silent' }), loginSlowDownMs: 0, push });
      await app.ready();
      return {
        app,
        telemetry,
        async login(username) {
          const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: DEMO_PASSWORD } });
          return res.json().data.accessToken as string;
        },
      };
    },
  };
}

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 answering each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const SECRET = 'test-secret-0123456789';
const FAST = { retryDelaysMs: [60, 60, 60], pollMs: 20 };

let db: Awaited<ReturnType<typeof openPushTestDb>>;
let s: PushApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};

beforeAll(async () => {
  db = await openPushTestDb();
  s = await db.start(FAST);
  for (const u of ['admin', 'finance1', 'finance2', 'operator1', 'dealer1']) tokens[u] = await s.login(u);
  for (const u of await db.handle.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
});
afterAll(async () => {
  await s.app.close();
  await db.handle.close();
});

const call = (app: PushApp, user: string, url: string, payload: object = {}) =>
  app.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload }).then((r) => r.json());
const save = (user: string, body: object) => call(s, user, PUSH_PATHS.save, body);

/** A warning of dealer1 (under finance1), stored and announced as the engine does. */
async function raise(app: PushApp, type: number): Promise<WarningEvent> {
  const d = await db.handle.db.selectFrom('device').select(['id', 'device_number', 'car_id']).where('dept_id', '=', dept.dealer1!).orderBy('id').executeTakeFirstOrThrow();
  const car = await db.handle.db.selectFrom('car').select('customer_id').where('id', '=', d.car_id!).executeTakeFirstOrThrow();
  const at = Date.now();
  const { id } = await db.handle.db.insertInto('warning').values({
    dept_id: dept.dealer1!, device_id: d.id, car_id: d.car_id, customer_id: car.customer_id, warning_type: type, risk_level: 2,
    place_key: `t${at}${Math.random()}`, warning_time: at, last_time: at,
  }).returning('id').executeTakeFirstOrThrow();
  const event: WarningEvent = {
    id, warningType: type as WarningEvent['warningType'], warningTypeName: 'x', riskLevel: 2, compound: false, deviceNumber: d.device_number,
    customerName: null, plateNumber: null, deptId: dept.dealer1!, warningTime: formatTime(at),
  };
  app.telemetry.announceWarning(event);
  return event;
}

async function deliveriesOf(app: PushApp, webhookId: number): Promise<WebhookDeliveryItem[]> {
  return (await call(app, 'finance1', PUSH_PATHS.deliveries, { webhookId, pageSize: 100 })).result.list;
}

/** Polls until the webhook's deliveries settle as `check` wants (the worker runs on its own). */
async function until(app: PushApp, webhookId: number, check: (list: WebhookDeliveryItem[]) => boolean): Promise<WebhookDeliveryItem[]> {
  for (let i = 0; i < 200; i++) {
    const list = await deliveriesOf(app, webhookId);
    if (check(list)) return list;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`deliveries did not settle: ${JSON.stringify(await deliveriesOf(app, webhookId))}`);
}

describe('webhook config', () => {
  it('validates the form, naming each bad field', async () => {
    const bad = await save('finance1', { name: '', url: 'ftp://example.com', warningTypes: [99], secret: 'short' });
    expect(bad.code).toBe(400);
    for (const field of ['name', 'url', 'warningTypes', 'secret']) expect(bad.msg).toContain(field);
    expect((await save('finance1', { name: 'a', url: 'https://x.example/h', warningTypes: [] , secret: SECRET })).msg).toContain('warningTypes');
  });

  it('adds, lists, edits, disables and deletes within the caller\'s scope', async () => {
    const added = await save('finance1', { name: '风控平台A', url: 'https://x.example/hook', warningTypes: [3, 1], secret: SECRET });
    expect(added.code).toBe(200);
    const hook = added.result.entity as WebhookItem;
    expect(hook).toMatchObject({ deptId: dept.finance1, warningTypes: [1, 3], enabled: true, secretHint: `****${SECRET.slice(-4)}` });
    expect(JSON.stringify(added)).not.toContain(SECRET);
    expect((await save('finance1', { name: '风控平台A', url: 'https://y.example', warningTypes: '*', secret: SECRET })).code).toBe(409);

    const edited = await save('finance1', { id: hook.id, name: '风控平台A', url: 'http://y.example/h2', warningTypes: '*' });
    expect(edited.result.entity).toMatchObject({ url: 'http://y.example/h2', warningTypes: '*', secretHint: hook.secretHint });
    const off = await call(s, 'finance1', PUSH_PATHS.enable, { id: hook.id, enabled: false });
    expect(off.result.entity.enabled).toBe(false);

    const listed = (user: string) => call(s, user, PUSH_PATHS.list, {}).then((b) => (b.result.list as WebhookItem[]).map((h) => h.id));
    expect(await listed('finance1')).toContain(hook.id);
    expect(await listed('admin')).toContain(hook.id);
    expect(await listed('finance2')).not.toContain(hook.id);
    expect(await listed('dealer1')).not.toContain(hook.id);
    // Another institution's manager finds nothing to change.
    expect((await save('finance2', { id: hook.id, name: 'x', url: 'https://z.example', warningTypes: '*' })).code).toBe(404);
    expect((await save('finance1', { name: 'b', url: 'https://z.example', warningTypes: '*', secret: SECRET, deptId: dept.finance2 })).code).toBe(404);

    const del = (user: string) => s.app.inject({ method: 'DELETE', url: `${PUSH_PATHS.remove}?id=${hook.id}`, headers: { accessToken: tokens[user]! } }).then((r) => r.json());
    expect((await del('finance2')).code).toBe(404);
    expect((await del('finance1')).code).toBe(200);
    expect(await listed('finance1')).not.toContain(hook.id);
  });

  it('lets only config:edit holders change it', async () => {
    expect((await save('operator1', { name: 'x', url: 'https://z.example', warningTypes: '*', secret: SECRET })).code).toBe(401);
    expect((await call(s, 'operator1', PUSH_PATHS.list)).code).toBe(200);
  });
});

describe('webhook delivery', () => {
  it('retries a failed POST and delivers it signed, with the phone masked', async () => {
    const r = await receiver([500, 200]);
    const hook = (await save('finance1', { name: '重试测试', url: r.url, warningTypes: [1], secret: SECRET })).result.entity as WebhookItem;
    const event = await raise(s, 1);
    await raise(s, 2); // a type the webhook does not want
    const [delivery] = await until(s, hook.id, (l) => l[0]?.state === 'delivered');
    expect(delivery).toMatchObject({ warningId: event.id, attempts: 2, lastStatus: 200, lastError: null, deviceNumber: event.deviceNumber });
    expect(await deliveriesOf(s, hook.id)).toHaveLength(1);
    expect(r.received).toHaveLength(2);
    const { headers, body } = r.received[1]!;
    expect(headers['x-cvrisk-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`);
    expect(headers['x-cvrisk-event']).toBe('warning');
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({ id: event.id, warningType: 1, warningTypeName: '离线预警', deviceNumber: event.deviceNumber, deptId: dept.dealer1 });
    expect(payload.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    await r.close();
  });

  it('gives up as failed after the last retry, keeping the last status', async () => {
    const r = await receiver([503]);
    const hook = (await save('finance1', { name: '失败测试', url: r.url, warningTypes: '*', secret: SECRET })).result.entity as WebhookItem;
    await raise(s, 4);
    const [delivery] = await until(s, hook.id, (l) => l[0]?.state === 'failed');
    expect(delivery).toMatchObject({ attempts: FAST.retryDelaysMs.length + 1, lastStatus: 503, lastError: 'HTTP 503', nextAttemptTime: null });
    expect(r.received).toHaveLength(FAST.retryDelaysMs.length + 1);
    await call(s, 'finance1', PUSH_PATHS.enable, { id: hook.id, enabled: false });
    await r.close();
  });

  it('sends a test delivery once, now, and says how it went', async () => {
    const r = await receiver([204]);
    const hook = (await save('finance1', { name: '测试按钮', url: r.url, warningTypes: '*', secret: SECRET })).result.entity as WebhookItem;
    const ok = await call(s, 'finance1', PUSH_PATHS.test, { id: hook.id });
    expect(ok.result.entity).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 204, warningId: null });
    expect(JSON.parse(r.received[0]!.body)).toMatchObject({ test: true, webhookId: hook.id });
    await r.close();
    const down = await call(s, 'finance1', PUSH_PATHS.test, { id: hook.id });
    expect(down.result.entity).toMatchObject({ state: 'failed', attempts: 1, lastStatus: null });
    expect(down.msg).toContain('测试推送失败');
    await call(s, 'finance1', PUSH_PATHS.enable, { id: hook.id, enabled: false });
  });

  it('resumes pending deliveries after a restart', async () => {
    await s.app.close();
    // The first server cannot reach the receiver and waits a minute before retrying.
    s = await db.start({ retryDelaysMs: [60_000], pollMs: 20, fetch: () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })) });
    tokens.finance1 = await s.login('finance1');
    const r = await receiver([200]);
    const hook = (await save('finance1', { name: '重启测试', url: r.url, warningTypes: '*', secret: SECRET })).result.entity as WebhookItem;
    await raise(s, 1);
    const [waiting] = await until(s, hook.id, (l) => l[0]?.attempts === 1);
    expect(waiting).toMatchObject({ state: 'pending', lastError: 'ECONNREFUSED' });
    await s.app.close();

    // The next server's clock is past the wait: it sends what the first one left.
    s = await db.start({ ...FAST, now: () => Date.now() + 120_000 });
    tokens.finance1 = await s.login('finance1');
    const [done] = await until(s, hook.id, (l) => l[0]?.state === 'delivered');
    expect(done!.attempts).toBe(2);
    expect(r.received).toHaveLength(1);
    await r.close();
  });
});
