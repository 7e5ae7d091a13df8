import http from 'node:http';
import { Writable } from 'node:stream';
import { LIVE_STREAM_PATH, type MonitorDevice } from '@cvrisk/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The live stream over a real socket, read as a browser's EventSource would. */
let t: TestApp;
let base = '';
const tokens: Record<string, string> = {};
const numbers: Record<string, string> = {};
let closed = false;
const logLines: string[] = [];

type Stream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  /** Device lists of the `devices` events so far. */
  devices(): MonitorDevice[][];
  /** Resolves once a received `devices` event lists this device with these values (or fails after 10 s). */
  waitForDevice(deviceNumber: string, values?: Partial<MonitorDevice>): Promise<MonitorDevice>;
  ended: Promise<void>;
  close(): void;
};

/** Opens a stream and resolves with its first chunk received (the reconnect hint, or the error body). */
function open(path: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      res.setEncoding('utf8');
      let received = '';
      const waiters = new Set<() => void>();
      res.on('data', (chunk: string) => {
        received += chunk;
        for (const w of [...waiters]) w();
      });
      const opened = new Promise<void>((done) => res.once('data', () => done()));
      const ended = new Promise<void>((done) => res.on('close', done));
      const devices = () =>
        received
          .split('\n\n')
          .filter((block) => block.startsWith('event: devices\n'))
          .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as MonitorDevice[]);
      const stream: Stream = {
        status: res.statusCode!,
        headers: res.headers,
        text: () => received,
        devices,
        waitForDevice: (deviceNumber, values = {}) =>
          new Promise((found, fail) => {
            const matches = (d: MonitorDevice) =>
              d.deviceNumber === deviceNumber && Object.entries(values).every(([k, v]) => d[k as keyof MonitorDevice] === v);
            const check = () => {
              const hit = devices().flat().find(matches);
              if (!hit) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no devices event for ${deviceNumber} ${JSON.stringify(values)}; received: ${received.slice(0, 500)}`));
            }, 10_000);
            waiters.add(check);
            check();
          }),
        ended,
        close: () => req.destroy(),
      };
      void opened.then(() => resolve(stream));
    });
    req.on('error', reject);
  });
}

const report = (deviceNumber: string, speed: number, ageMs = 5_000) =>
  t.telemetry.pipeline.submit([{ deviceNumber, gpsTime: Date.now() - ageMs, lng: 120.2, lat: 30.3, speed, direction: 90, altitude: 10, acc: 1 }]);

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({}, pino({ level: 'info' }, sink));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  for (const u of ['dealer1', 'dealer2', 'finance1']) tokens[u] = await t.login(u);
  for (const u of ['dealer1', 'dealer2']) {
    const { dept_id } = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', u).executeTakeFirstOrThrow();
    numbers[u] = (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', dept_id).where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow()).device_number;
  }
});
afterAll(async () => {
  if (!closed) await t.close();
});

describe(`GET ${LIVE_STREAM_PATH}`, () => {
  it("delivers a committed position to the streams whose scope holds the device, and never to another dealer's", async () => {
    const dealer1 = await open(`${LIVE_STREAM_PATH}?accessToken=${tokens.dealer1}`);
    const finance1 = await open(`${LIVE_STREAM_PATH}?accessToken=${tokens.finance1}`);
    const dealer2 = await open(LIVE_STREAM_PATH, { accessToken: tokens.dealer2! });
    for (const s of [dealer1, finance1, dealer2]) {
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    }
    expect(dealer1.text()).toMatch(/^retry: \d+\n\n/);

    await report(numbers.dealer1!, 36);
    expect(await dealer1.waitForDevice(numbers.dealer1!)).toMatchObject({ state: 'moving', speed: 36, lng: 120.2, lat: 30.3 });
    expect(await finance1.waitForDevice(numbers.dealer1!)).toMatchObject({ state: 'moving', speed: 36 });

    // dealer2's own device arrives after dealer1's on the same socket: had dealer1's been sent, it would be here by now.
    await report(numbers.dealer2!, 12);
    await dealer2.waitForDevice(numbers.dealer2!);
    expect(dealer2.devices().flat().map((d) => d.deviceNumber)).not.toContain(numbers.dealer1);
    await finance1.waitForDevice(numbers.dealer2!);

    await report(numbers.dealer1!, 0, 1_000);
    await dealer1.waitForDevice(numbers.dealer1!, { state: 'parked', speed: 0 });
    expect(dealer1.devices().flat().map((d) => d.deviceNumber)).not.toContain(numbers.dealer2);

    // Each event lists a device at most once, however many fixes came in between.
    for (const event of finance1.devices()) expect(new Set(event.map((d) => d.deviceNumber)).size).toBe(event.length);
    for (const s of [dealer1, finance1, dealer2]) s.close();
  });

  it('leaves the device updates out of a stream that asks for warnings only, and refuses unknown event names', async () => {
    const warningsOnly = await open(`${LIVE_STREAM_PATH}?events=warning,warningHandled`, { accessToken: tokens.dealer1! });
    const everything = await open(LIVE_STREAM_PATH, { accessToken: tokens.dealer1! });
    expect(warningsOnly.status).toBe(200);
    await report(numbers.dealer1!, 48, 500);
    // Both sockets get the same flush; the full stream has it, so the narrowed one would have it too.
    await everything.waitForDevice(numbers.dealer1!, { speed: 48 });
    await new Promise((r) => setTimeout(r, 100));
    expect(warningsOnly.devices()).toEqual([]);
    for (const s of [warningsOnly, everything]) s.close();

    const bad = await open(`${LIVE_STREAM_PATH}?events=devices,positions`, { accessToken: tokens.dealer1! });
    await bad.ended;
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text()).msg).toContain('positions');
  });

  it('refuses a missing or invalid token with the invalid-token code', async () => {
    for (const path of [LIVE_STREAM_PATH, `${LIVE_STREAM_PATH}?accessToken=not-a-token`]) {
      const s = await open(path);
      await s.ended;
      expect(s.status).toBe(401);
      expect(JSON.parse(s.text())).toMatchObject({ code: 5003 });
    }
  });

  it('takes the token from the query on the stream only, never on other calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/monitor/devices?accessToken=${tokens.dealer1}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(5003);
  });

  it('keeps the token of the URL out of the request log', () => {
    const log = logLines.join('');
    expect(log).toContain(`${LIVE_STREAM_PATH}?accessToken=***`);
    for (const token of Object.values(tokens)) expect(log).not.toContain(token);
  });

  it("ends a session's streams at sign-out, before the periodic session check, and no other session's", async () => {
    const token = await t.login('dealer1');
    const signedOut = await open(`${LIVE_STREAM_PATH}?accessToken=${token}`);
    const other = await open(LIVE_STREAM_PATH, { accessToken: tokens.dealer1! });
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { accessToken: token } });
    expect(out.json().code).toBe(200);
    // The periodic check runs every 60 s, past this test's time limit: only sign-out itself can end the stream in time.
    await signedOut.ended;
    // The same user's other session still streams.
    await report(numbers.dealer1!, 24, 300);
    await other.waitForDevice(numbers.dealer1!, { speed: 24 });
    other.close();
  });

  it('ends open streams when the server closes, so shutdown does not wait for them', async () => {
    const s = await open(`${LIVE_STREAM_PATH}?accessToken=${tokens.dealer1}`);
    closed = true;
    await t.close();
    await s.ended;
    expect(s.status).toBe(200);
  });
});
