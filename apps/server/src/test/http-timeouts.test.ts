import http from 'node:http';
import { Readable } from 'node:stream';
import { LIVE_STREAM_PATH } from '@cvrisk/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { httpServerOptions } from '../lib/http-server-options.js';
import { listenLocal, rawConnection, within } from './raw-http.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Slow and silent clients against a real listening server whose time-outs are a second or two; each
 * attack would hold its socket for ever with Fastify's defaults. What must stay open — the event
 * stream, a long download — outlives every one of those time-outs.
 */
const SHORT = { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_KEEPALIVE_SECONDS: '1', HTTP_IDLE_SECONDS: '1' };
/** Far beyond every time-out above, yet well inside the test's own limit. */
const GRACE_MS = 8_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp(SHORT);
  port = await listenLocal(t.app);
});
afterAll(() => t.close());

// Each case holds its own connection to the server and mostly waits on the server's clock: they run side by side.
describe.concurrent('HTTP time-outs', () => {
  it('closes a connection that never sends a byte', async () => {
    const c = rawConnection(port);
    await c.connected;
    expect(await within(c.closed, GRACE_MS)).toBe(true);
  });

  it('answers 408 and closes a connection that sends its request head a byte at a time (slowloris)', async () => {
    const c = rawConnection(port);
    await c.write('GET /api/monitor/devices HTTP/1.1\r\nHost: localhost\r\n');
    const dripping = (async () => {
      // A byte every 200 ms keeps the socket busy, so only the head time-out can end it.
      for (let i = 0; i < GRACE_MS / 200 && (await c.write('X')); i++) await sleep(200);
    })();
    expect(await within(c.closed, GRACE_MS)).toBe(true);
    await dripping;
    const reply = await c.reply();
    expect(reply?.status).toBe(408);
    expect(reply?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(reply!.body)).toEqual({ code: 408, msg: expect.stringContaining('请求超时') });
  });

  it('closes a connection that sends its body too slowly', async () => {
    const c = rawConnection(port);
    await c.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    for (let i = 0; i < GRACE_MS / 200 && (await c.write(' ')); i++) await sleep(200);
    expect(c.isClosed()).toBe(true);
    expect((await c.reply())?.status).toBe(408);
  });

  it('closes a kept-alive connection that waits too long for its next request', async () => {
    const c = rawConnection(port);
    await c.write('GET /api/nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await c.reply())?.status).toBe(404);
    expect(await within(c.closed, GRACE_MS)).toBe(true);
  });

  it('keeps an event stream open and delivering well past every time-out', async () => {
    const token = await t.login('dealer1');
    const { dept_id } = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow();
    const device = await t.db.selectFrom('device').select('device_number').where('dept_id', '=', dept_id).where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    let received = '';
    let ended = false;
    const req = http.get(`http://127.0.0.1:${port}${LIVE_STREAM_PATH}?accessToken=${token}`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      res.on('close', () => (ended = true));
    });
    req.on('error', () => {});
    await sleep(3_500);
    expect(ended).toBe(false);
    await t.telemetry.pipeline.submit([
      { deviceNumber: device.device_number, gpsTime: Date.now() - 1000, lng: 120.2, lat: 30.3, speed: 33, direction: 0, altitude: 10, acc: 1 },
    ]);
    for (let i = 0; i < 50 && !received.includes(device.device_number); i++) await sleep(100);
    expect(received).toContain(device.device_number);
    expect(ended).toBe(false);
    req.destroy();
  });
});

describe('a long download under the same time-outs', () => {
  let app: FastifyInstance;
  let downloadPort = 0;
  beforeAll(async () => {
    app = Fastify(httpServerOptions(loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', ...SHORT }).http));
    // Like an export: the file trickles out for longer than the request time-out, never silent for the idle time.
    app.get('/slow', (_request, reply) =>
      reply.send(
        Readable.from(
          (async function* () {
            for (let i = 0; i < 12; i++) {
              await sleep(300);
              yield `row ${i}\n`;
            }
          })(),
        ),
      ),
    );
    downloadPort = await listenLocal(app);
  });
  afterAll(() => app.close());

  it('is delivered whole', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${downloadPort}/slow`, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(text.split('\n').filter(Boolean)).toHaveLength(12);
  });
});

describe('the time-out settings', () => {
  it('default to a 20 s head, a 60 s request, 72 s keep-alive and 120 s idle, and refuse nonsense', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/cvrisk-unused' }).http).toEqual({ headersMs: 20_000, requestMs: 60_000, keepAliveMs: 72_000, idleMs: 120_000 });
    // Node itself refuses to start with a head time-out longer than the request's.
    expect(() => loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', HTTP_HEADERS_TIMEOUT_SECONDS: '90' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', HTTP_IDLE_SECONDS: '0' })).toThrow(/HTTP_IDLE_SECONDS/);
  });
});
