import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { listenLocal, rawConnection, type RawReply } from '../test/raw-http.js';

/**
 * Requests that Node or Fastify refuse before any route runs, sent over a real socket as an attacker
 * or a broken client would (inject cannot send them): each answer is still the envelope, in Chinese.
 */
let t: TestApp;
let port = 0;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  port = await listenLocal(t.app);
  token = await t.login('admin');
});
afterAll(() => t.close());

const CJK = /[\u4e00-\u9fff]/;

function expectEnvelope(reply: RawReply | null, status: number, code: number, msg: RegExp): void {
  expect(reply, 'a reply before the server hung up').not.toBeNull();
  expect(reply!.status).toBe(status);
  expect(reply!.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(reply!.body);
  expect(body).toEqual({ code, msg: expect.stringMatching(msg) });
  expect(body.msg).toMatch(CJK);
}

/** Sends the text of a request and reads the reply. */
async function exchange(request: string): Promise<RawReply | null> {
  const c = rawConnection(port);
  await c.write(request);
  const reply = await c.reply();
  c.socket.destroy();
  return reply;
}

describe('replies Fastify and Node make on their own', () => {
  it('answers a path with broken percent-encoding with a 400 envelope', async () => {
    for (const path of ['/api/%zz', '/api/device/%E4%B8', '/%']) {
      expectEnvelope(await exchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`), 400, 400, /请求地址/);
    }
  });

  it('answers request headers beyond the size limit with a 431 envelope', async () => {
    const reply = await exchange(`GET /api/monitor/devices HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(reply, 431, 431, /请求头过大/);
  });

  it('answers bytes that are not HTTP with a 400 envelope', async () => {
    expectEnvelope(await exchange('HELLO THERE\r\n\r\n'), 400, 400, /请求格式无效/);
    expectEnvelope(await exchange('GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n'), 400, 400, /请求格式无效/);
  });

  it('answers a body announced above 2 MiB with a 413 envelope, without reading it', async () => {
    const c = rawConnection(port);
    await c.write(
      `POST /api/device/getDevList HTTP/1.1\r\nHost: localhost\r\naccessToken: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n{"pageSize":`,
    );
    expectEnvelope(await c.reply(), 413, 413, /请求体过大/);
    c.socket.destroy();
  });

  it('answers a chunked body that grows beyond 2 MiB with a 413 envelope and hangs up', async () => {
    const c = rawConnection(port);
    await c.write(`POST /api/device/getDevList HTTP/1.1\r\nHost: localhost\r\naccessToken: ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, 0x20);
    const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    const replied = c.reply();
    let sent = 0;
    let answered = false;
    void replied.then(() => (answered = true));
    // An endless upload: the server must stop it, not read on (at most 8 MiB here).
    while (!answered && sent < 8 * 1024 * 1024 && (await c.write(chunk))) sent += piece.length;
    expect(sent).toBeGreaterThan(2 * 1024 * 1024);
    expectEnvelope(await replied, 413, 413, /请求体过大/);
    await c.closed;
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it('keeps answering the ordinary way after all that', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: expect.stringMatching(CJK) });
  });
});
