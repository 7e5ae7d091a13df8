import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { LIVE_STREAM_PATH } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, rawConnection } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let port = 0;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>车联网风控平台</title>');
  t = await createTestApp({ WEB_DIST: dist });
  port = await listenLocal(t.app);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Headers = Record<string, string | string[] | number | undefined>;

/** The headers that keep the console from being framed, sniffed, or made to load or run what it does not use. */
function expectSecurityHeaders(headers: Headers): void {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = String(headers['content-security-policy']);
  const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(directives.get('worker-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://webrd01.is.autonavi.com', 'https://webst04.is.autonavi.com', 'https://tile.openstreetmap.org']));
  expect(csp).not.toContain('unsafe-eval');
}

describe('security headers', () => {
  it('come with API answers, success or failure', async () => {
    const token = await t.login('admin');
    const ok = await t.app.inject({ method: 'GET', url: '/api/monitor/devices', headers: { accessToken: token } });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers);
    const refused = await t.app.inject({ method: 'POST', url: '/userInfo' });
    expect(refused.json().code).toBe(5003);
    expectSecurityHeaders(refused.headers);
    const bad = await t.app.inject({ method: 'POST', url: '/api/device/getDevList', headers: { accessToken: token }, payload: { pageSize: 'x' } });
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad.headers);
  });

  it('come with the console page and with a 404', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(index.headers);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it('come with the answers made before routing: an undecodable URL, an unreadable request', async () => {
    for (const request of ['GET /api/%zz HTTP/1.1\r\nHost: localhost\r\n\r\n', 'NOT HTTP\r\n\r\n']) {
      const c = rawConnection(port);
      await c.write(request);
      const reply = await c.reply();
      c.socket.destroy();
      expect(reply?.status).toBe(400);
      expectSecurityHeaders(reply!.headers);
    }
  });

  it('come with the event stream, whose reply Fastify does not send', async () => {
    const token = await t.login('dealer1');
    const headers = await new Promise<Headers>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}${LIVE_STREAM_PATH}?accessToken=${token}`, (res) => {
        resolve(res.headers);
        req.destroy();
      });
      req.on('error', reject);
    });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expectSecurityHeaders(headers);
  });
});
