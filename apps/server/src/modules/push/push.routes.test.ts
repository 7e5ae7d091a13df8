import { createHmac } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
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
  // The receivers listen on 127.0.0.1 under a listed name: the guard's allow-list, not a weaker check, lets them in.
  const config = loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', WEBHOOK_ALLOWED_HOSTS: `${RECEIVER_HOST}, unused.example:8443` });
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

/** A listed host name: an institution's intranet receiver (here on 127.0.0.1). */
const RECEIVER_HOST = 'hooks.bank.test';
/** A public address (example.com's) that no test ever connects to. */
const PUBLIC_IP = '93.184.216.34';
let rebindLookups = 0;
/** The DNS of these tests; any other name does not resolve. */
const NAMES: Record<string, () => string[]> = {
  [RECEIVER_HOST]: () => ['127.0.0.1'],
  'public.test': () => [PUBLIC_IP],
  'metadata.test': () => ['169.254.169.254'],
  'split.test': () => [PUBLIC_IP, '10.1.2.3'],
  // Public when the webhook is saved, loopback when it is sent: DNS rebinding.
  'rebind.test': () => (rebindLookups++ === 0 ? [PUBLIC_IP] : ['127.0.0.1']),
};
async function resolve(hostname: string) {
  const answer = NAMES[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer().map((address) => ({ address, family: net.isIP(address) }));
}

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 answering each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[], headers: Record<string, string> = {}) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(statuses[Math.min(received.length - 1, statuses.length - 1)]!, headers);
      res.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const url = `http://${RECEIVER_HOST}:${port}/hook`;
  return { url, port, received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

const SECRET = 'test-secret-0123456789';
const FAST = { retryDelaysMs: [60, 60, 60], pollMs: 20, timeoutMs: 1000, resolve };

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

/** A warning of dealer1 (under finance1), or of another dealer user's dealer, stored and announced as the engine does. */
async function raise(app: PushApp, type: number, dealer = 'dealer1'): Promise<WarningEvent> {
  const d = await db.handle.db.selectFrom('device').select(['id', 'device_number', 'car_id']).where('dept_id', '=', dept[dealer]!).where('car_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const car = await db.handle.db.selectFrom('car').select('customer_id').where('id', '=', d.car_id!).executeTakeFirstOrThrow();
  const at = Date.now();
  const { id } = await db.handle.db.insertInto('warning').values({
    dept_id: dept[dealer]!, device_id: d.id, car_id: d.car_id, customer_id: car.customer_id, warning_type: type, risk_level: 2,
    place_key: `t${at}${Math.random()}`, warning_time: at, last_time: at,
  }).returning('id').executeTakeFirstOrThrow();
  const event: WarningEvent = {
    id, warningType: type as WarningEvent['warningType'], warningTypeName: 'x', riskLevel: 2, compound: false, deviceNumber: d.device_number,
    customerName: null, plateNumber: null, deptId: dept[dealer]!, warningTime: formatTime(at),
  };
  app.telemetry.announceWarning(event);
  return event;
}

async function deliveriesOf(app: PushApp, webhookId: number, user = 'finance1'): Promise<WebhookDeliveryItem[]> {
  return (await call(app, user, PUSH_PATHS.deliveries, { webhookId, pageSize: 100 })).result.list;
}

/** Polls until the webhook's deliveries settle as `check` wants (the worker runs on its own). */
async function until(app: PushApp, webhookId: number, check: (list: WebhookDeliveryItem[]) => boolean, user = 'finance1'): Promise<WebhookDeliveryItem[]> {
  for (let i = 0; i < 200; i++) {
    const list = await deliveriesOf(app, webhookId, user);
    if (check(list)) return list;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`deliveries did not settle: ${JSON.stringify(await deliveriesOf(app, webhookId, user))}`);
}

describe('webhook config', () => {
  it('validates the form, naming each bad field', async () => {
    const bad = await save('finance1', { name: '', url: 'ftp://example.com', warningTypes: [99], secret: 'short' });
    expect(bad.code).toBe(400);
    for (const field of ['name', 'url', 'warningTypes', 'secret']) expect(bad.msg).toContain(field);
    expect((await save('finance1', { name: 'a', url: 'https://x.example/h', warningTypes: [] , secret: SECRET })).msg).toContain('warningTypes');
  });

  it('says what is wrong with each field, once', async () => {
    const bad = await save('finance1', { name: '名'.repeat(51), url: 'ftp://example.com', warningTypes: [], secret: 'short' });
    expect(bad.msg).toBe('参数错误：name 最多50个字符；url 应为 http:// 或 https:// 开头的有效网址；warningTypes 至少1项；secret 至少16个字符');
    expect((await save('finance1', { name: 'a', url: 'https://x.example/h', warningTypes: '*' })).msg).toBe('参数错误：secret 新建时不能为空');
  });

  it('takes ids only as integers: no booleans, hex, padding or exponents', async () => {
    for (const id of [true, '0x10', ' 12 ', '1e1', 1.5]) {
      for (const url of [PUSH_PATHS.enable, PUSH_PATHS.test]) {
        const reply = await call(s, 'finance1', url, { id, enabled: true });
        expect({ url, code: reply.code, msg: reply.msg }).toEqual({ url, code: 400, msg: '参数错误：id 应为整数' });
      }
      expect((await call(s, 'finance1', PUSH_PATHS.deliveries, { webhookId: id })).msg).toBe('参数错误：webhookId 应为整数');
    }
    for (const id of ['0x10', '%2012%20', '1e1', 'true']) {
      const res = await s.app.inject({ method: 'DELETE', url: `${PUSH_PATHS.remove}?id=${id}`, headers: { accessToken: tokens.finance1! } });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('参数错误：id 应为整数');
    }
    expect((await call(s, 'finance1', PUSH_PATHS.enable, { id: 1, enabled: 'true' })).msg).toBe('参数错误：enabled 应为布尔值（true 或 false）');
    expect((await call(s, 'finance1', PUSH_PATHS.list, { pageNumber: 1_000_001 })).msg).toBe('参数错误：pageNumber 不能大于1000000');
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

  it('queues a warning once for a webhook although two processes heard it (scale mode: every API process does)', async () => {
    const r = await receiver([200]);
    const hook = (await save('finance1', { name: '去重测试', url: r.url, warningTypes: [5], secret: SECRET })).result.entity as WebhookItem;
    const event = await raise(s, 5);
    s.telemetry.announceWarning(event);
    const [delivery] = await until(s, hook.id, (l) => l[0]?.state === 'delivered');
    expect(delivery).toMatchObject({ warningId: event.id, attempts: 1 });
    expect(await deliveriesOf(s, hook.id)).toHaveLength(1);
    expect(r.received).toHaveLength(1);
    await call(s, 'finance1', PUSH_PATHS.enable, { id: hook.id, enabled: false });
    await r.close();
  });

  it('sends an institution’s webhook its own institution’s warnings only; a platform webhook every institution’s', async () => {
    const [own, platform] = [await receiver([200]), await receiver([200])];
    const hookA = (await save('finance1', { name: '本机构推送', url: own.url, warningTypes: [9], secret: SECRET })).result.entity as WebhookItem;
    const hookP = (await save('admin', { name: '平台推送', url: platform.url, warningTypes: [9], secret: SECRET })).result.entity as WebhookItem;
    expect(hookP.deptId).toBe(dept.admin);
    const a = await raise(s, 9, 'dealer1');
    const b = await raise(s, 9, 'dealer4');
    const all = await until(s, hookP.id, (l) => l.length === 2 && l.every((d) => d.state === 'delivered'), 'admin');
    expect(all.map((d) => d.warningId).sort()).toEqual([a.id, b.id].sort());
    await until(s, hookA.id, (l) => l.length === 1 && l[0]!.state === 'delivered');
    expect((await deliveriesOf(s, hookA.id)).map((d) => d.warningId)).toEqual([a.id]);
    expect(own.received.map((r) => JSON.parse(r.body).id)).toEqual([a.id]);
    for (const id of [hookA.id, hookP.id]) await call(s, 'admin', PUSH_PATHS.enable, { id, enabled: false });
    await own.close();
    await platform.close();
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
    // The first server cannot resolve the receiver's name and waits a minute before retrying.
    s = await db.start({ retryDelaysMs: [60_000], pollMs: 20, resolve: () => Promise.reject(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' })) });
    tokens.finance1 = await s.login('finance1');
    const r = await receiver([200]);
    const hook = (await save('finance1', { name: '重启测试', url: r.url, warningTypes: '*', secret: SECRET })).result.entity as WebhookItem;
    await raise(s, 1);
    const [waiting] = await until(s, hook.id, (l) => l[0]?.attempts === 1);
    expect(waiting).toMatchObject({ state: 'pending', lastError: UNREACHABLE });
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

/** What every network-level failure reads as: nothing that tells a closed port from an open one. */
const UNREACHABLE = '无法送达：连接失败、超时、域名无法解析或目标地址不允许';
const refused = (target: string) => `推送地址不能指向内网、本机或保留地址：${target}`;

/** A TCP server on 127.0.0.1 that does `onConnection` with each connection; answers its port and how to close it. */
async function tcpServer(onConnection: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const close = () => new Promise<void>((done) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => done());
  });
  return { port: (server.address() as AddressInfo).port, close };
}

describe('webhook targets (server-side request forgery)', () => {
  it('stops the server at start when the administrator\'s list has a mistake', () => {
    for (const entry of ['http://hooks.bank.example/', '*.bank.example', 'hooks.bank.example:99999']) {
      expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: `ok.example, ${entry}` })).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
    }
  });

  it('refuses loopback, link-local, private and reserved addresses however they are written', async () => {
    const cases: [url: string, address: string][] = [
      ['http://127.0.0.1:6379/', '127.0.0.1'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://10.0.0.5/hook', '10.0.0.5'],
      ['https://172.31.255.1/', '172.31.255.1'],
      ['http://192.168.1.1/', '192.168.1.1'],
      ['http://100.64.0.1/', '100.64.0.1'],
      ['http://0.0.0.0:22/', '0.0.0.0'],
      ['http://224.0.0.1/', '224.0.0.1'],
      ['http://255.255.255.255/', '255.255.255.255'],
      ['http://2130706433/', '127.0.0.1'],
      ['http://0x7f.1/', '127.0.0.1'],
      ['http://0177.0.0.1:8080/', '127.0.0.1'],
      ['http://[::1]/', '::1'],
      ['http://[::]/', '::'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
      ['http://[fe80::1]/', 'fe80::1'],
      ['http://[fd00::1]/', 'fd00::1'],
      ['http://[ff02::1]/', 'ff02::1'],
    ];
    for (const [url, address] of cases) {
      const reply = await save('finance1', { name: 'ssrf', url, warningTypes: '*', secret: SECRET, enabled: false });
      expect({ url, code: reply.code, msg: reply.msg }).toEqual({ url, code: 400, msg: refused(address) });
    }
  });

  it('refuses a name that resolves to such an address, and takes a public or not yet resolvable one', async () => {
    let n = 0;
    const tryUrl = (url: string) => save('finance1', { name: `解析测试${++n}`, url, warningTypes: '*', secret: SECRET, enabled: false });
    expect(await tryUrl('http://metadata.test/latest')).toMatchObject({ code: 400, msg: refused('metadata.test（169.254.169.254）') });
    // One internal address among public ones is enough: the connection might pick it.
    expect(await tryUrl('https://split.test/hook')).toMatchObject({ code: 400, msg: refused('split.test（10.1.2.3）') });
    expect((await tryUrl('https://public.test/hook')).code).toBe(200);
    // A name the server cannot resolve now is taken; every connection checks it again.
    expect((await tryUrl('https://nxdomain.test/hook')).code).toBe(200);
    // Editing a webhook to point inside is refused as adding one is.
    const hook = (await tryUrl('https://public.test/edit')).result.entity as WebhookItem;
    expect(await save('finance1', { id: hook.id, name: hook.name, url: 'http://[::ffff:a9fe:a9fe]/', warningTypes: '*' }))
      .toMatchObject({ code: 400, msg: refused('::ffff:a9fe:a9fe') });
  });

  it('answers every network failure with one message, and never connects to a refused address', async () => {
    const closed = await tcpServer(() => {});
    await closed.close();
    const silent = await tcpServer(() => {}); // accepts, never answers: a time-out
    const resets = await tcpServer((socket) => socket.resetAndDestroy());
    const inside = await receiver([200]); // what the rebound name points to at send time
    rebindLookups = 0;
    const targets = [
      `http://${RECEIVER_HOST}:${closed.port}/hook`,
      `http://${RECEIVER_HOST}:${silent.port}/hook`,
      `http://${RECEIVER_HOST}:${resets.port}/hook`,
      'http://nxdomain.test/hook',
      `http://rebind.test:${inside.port}/hook`,
    ];
    const replies = [];
    for (const [i, url] of targets.entries()) {
      const added = await save('finance1', { name: `端口探测${i}`, url, warningTypes: '*', secret: SECRET, enabled: false });
      expect(added.code).toBe(200);
      const reply = await call(s, 'finance1', PUSH_PATHS.test, { id: added.result.entity.id });
      const { state, lastStatus, lastError } = reply.result.entity as WebhookDeliveryItem;
      replies.push({ url, msg: reply.msg, state, lastStatus, lastError });
    }
    expect(replies).toEqual(targets.map((url) => ({ url, msg: `测试推送失败：${UNREACHABLE}`, state: 'failed', lastStatus: null, lastError: UNREACHABLE })));
    expect(inside.received).toHaveLength(0);
    await Promise.all([silent.close(), resets.close(), inside.close()]);
  });

  it('does not follow a redirect, so a receiver cannot bounce the push inside', async () => {
    const inside = await receiver([200]);
    const bouncer = await receiver([302], { Location: `http://127.0.0.1:${inside.port}/admin` });
    const hook = (await save('finance1', { name: '跳转测试', url: bouncer.url, warningTypes: '*', secret: SECRET, enabled: false })).result.entity as WebhookItem;
    const reply = await call(s, 'finance1', PUSH_PATHS.test, { id: hook.id });
    expect(reply.result.entity).toMatchObject({ state: 'failed', lastStatus: 302, lastError: 'HTTP 302' });
    expect(bouncer.received).toHaveLength(1);
    expect(inside.received).toHaveLength(0);
    await Promise.all([bouncer.close(), inside.close()]);
  });
});
