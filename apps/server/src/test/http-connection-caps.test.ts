import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { descriptorBudget, loadConfig, openFileLimit } from '../config.js';
import { trustedProxyCheck } from '../lib/trust-proxy.js';
import { listenLocal, within } from './raw-http.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Silent sockets against a real listening server: one address (or everyone together) opening more
 * connections than it may is refused at the door, while another address is served as usual. All of
 * 127/8 is loopback on Linux, so 127.0.0.2 and on are other clients on the same machine.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

type Silent = { socket: net.Socket; closed: Promise<void>; received: () => number };
const held: net.Socket[] = [];

/** A connection from `from` that sends nothing; `received` counts the bytes the server sent it. */
function silent(port: number, from: string): Silent {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  let bytes = 0;
  socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
  socket.on('error', () => {});
  held.push(socket);
  return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve())), received: () => bytes };
}

/** A whole API call from `from` on a connection of its own. */
function call(port: number, from: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, localAddress: from, method: 'POST', path: '/publicKey', agent: false, headers: { connection: 'close' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

afterEach(() => {
  for (const s of held.splice(0)) s.destroy();
});

describe('HTTP connection caps', () => {
  let t: TestApp;
  let port = 0;
  const logged: { msg: string; refusedAddressCap?: number; topAddresses?: { address: string }[] }[] = [];
  const log = new Writable({ write: (line: Buffer, _enc, done) => (logged.push(JSON.parse(line.toString())), done()) });
  beforeAll(async () => {
    t = await createTestApp({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '4', HTTP_MAX_CONNECTIONS: '10' }, pino({ level: 'warn' }, log));
    port = await listenLocal(t.app);
  });
  afterAll(() => t.close());
  const stats = () => t.app.httpConnections;
  const settled = () => until('the connections to close', () => stats().open === 0);

  it('closes at once, unread, the connection over an address’s cap, and serves another address meanwhile', async () => {
    await settled();
    const refusedBefore = stats().refusedAddressCap;
    const four = [];
    for (let i = 0; i < 4; i++) {
      four.push(silent(port, '127.0.0.1'));
      await until('the server to hold the connection', () => stats().open === i + 1);
    }
    const fifth = silent(port, '127.0.0.1');
    fifth.socket.write('GET /publicKey HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await within(fifth.closed, 2000)).toBe(true);
    expect(fifth.received()).toBe(0);
    expect(stats().refusedAddressCap).toBe(refusedBefore + 1);
    expect(stats().open).toBe(4);

    // The console is still there for everyone else.
    const other = await call(port, '127.0.0.2');
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body)).toMatchObject({ code: 200 });
    // The four silent sockets are still held: nothing above closed them.
    for (const s of four) expect(s.socket.destroyed).toBe(false);

    // A connection closed frees its place.
    four[0]!.socket.destroy();
    await until('the place to be freed', () => stats().open === 3);
    expect((await call(port, '127.0.0.1')).status).toBe(200);
  });

  it('closes the connection over the process’s cap, whatever its address, until one is freed', async () => {
    await settled();
    const refusedBefore = stats().refusedProcessCap;
    const all = [];
    for (let i = 0; i < 10; i++) {
      all.push(silent(port, `127.0.1.${Math.floor(i / 3) + 1}`));
      await until('the server to hold the connection', () => stats().open === i + 1);
    }
    const over = silent(port, '127.0.1.99');
    expect(await within(over.closed, 2000)).toBe(true);
    expect(over.received()).toBe(0);
    expect(stats().refusedProcessCap).toBe(refusedBefore + 1);
    await expect(call(port, '127.0.1.98')).rejects.toThrow();

    all[0]!.socket.destroy();
    await until('the place to be freed', () => stats().open === 9);
    expect((await call(port, '127.0.1.98')).status).toBe(200);
  });

  it('counts a failed accept (no descriptor left) instead of ending the process', async () => {
    const before = stats().acceptErrors;
    t.app.server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' }));
    expect(stats().acceptErrors).toBe(before + 1);
    expect((await call(port, '127.0.0.3')).status).toBe(200);
  });

  it('tells the operator in the log, a line a minute at most, naming the address refused', () => {
    const lines = logged.filter((l) => l.msg.startsWith('HTTP connections refused'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ refusedAddressCap: 1, topAddresses: [{ address: '127.0.0.1' }] });
    expect(lines[0]!.msg).toContain('TRUST_PROXY');
  });

  it('does not close the silent connections it holds below the caps (the time-outs do that)', async () => {
    await settled();
    const s = silent(port, '127.0.2.1');
    await until('the server to hold the connection', () => stats().open === 1);
    expect(await within(s.closed, 500)).toBe(false);
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.1' });
    port = await listenLocal(t.app);
  });
  afterAll(() => t.close());

  it('counts the proxy’s connections towards the process’s cap only (the proxy is everyone), other addresses per address', async () => {
    const stats = t.app.httpConnections;
    for (let i = 0; i < 5; i++) {
      silent(port, '127.0.0.1');
      await until('the server to hold the connection', () => stats.open === i + 1);
    }
    expect((await call(port, '127.0.0.1')).status).toBe(200);
    expect(stats.refusedAddressCap).toBe(0);

    silent(port, '127.0.0.2');
    silent(port, '127.0.0.2');
    await until('the server to hold the connections', () => stats.open === 7);
    const third = silent(port, '127.0.0.2');
    expect(await within(third.closed, 2000)).toBe(true);
    expect(stats.refusedAddressCap).toBe(1);
  });
});

describe('the connection settings', () => {
  it('share the open-file limit between the gateway, HTTP and the rest, never over it', () => {
    expect(descriptorBudget(1024)).toEqual({ jt808: 768, http: 192 });
    expect(descriptorBudget(20_000)).toEqual({ jt808: 16_000, http: 3_000 });
    expect(descriptorBudget(null)).toEqual(descriptorBudget(1024));
    for (const files of [1024, 4096, 20_000, 1_048_576]) {
      const { jt808, http } = descriptorBudget(files);
      // Room is left for the database, logs and files: at least 64, a twentieth of the limit.
      expect(files - jt808 - http).toBeGreaterThanOrEqual(Math.max(64, Math.floor(files / 20)));
      // A process serving one port gives it the other's share; the simulator's terminals hold both ends here.
      expect(descriptorBudget(files, { role: 'api', simulator: false }).http).toBe(files - (files - jt808 - http));
      expect(descriptorBudget(files, { role: 'gateway', simulator: false }).jt808).toBe(files - (files - jt808 - http));
      expect(descriptorBudget(files, { role: 'all', simulator: true }).jt808).toBe(Math.floor(jt808 / 2));
    }
  });

  it('default to 64 per address and the process’s share, and refuse nonsense', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', SIMULATOR: '0' });
    expect(c.httpCaps.maxPerAddress).toBe(64);
    expect(c.httpCaps.maxConnections).toBe(descriptorBudget(openFileLimit()).http);
    expect(loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', HTTP_MAX_CONNECTIONS: '500', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '8' }).httpCaps).toEqual({ maxConnections: 500, maxPerAddress: 8 });
    expect(() => loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/HTTP_MAX_CONNECTIONS_PER_ADDRESS/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', HTTP_MAX_CONNECTIONS: 'many' })).toThrow(/HTTP_MAX_CONNECTIONS/);
  });

  it('match TRUST_PROXY the way Fastify does: addresses, ranges, named ranges, IPv4-mapped peers', () => {
    const trusted = trustedProxyCheck(['10.0.0.5', '192.168.1.0/24', 'loopback', 'fd00::/8']);
    for (const a of ['10.0.0.5', '::ffff:10.0.0.5', '192.168.1.77', '127.0.0.9', '::1', 'fd12::1']) expect(trusted(a), a).toBe(true);
    for (const a of ['10.0.0.6', '192.168.2.1', '8.8.8.8', 'fe80::1', '']) expect(trusted(a), a).toBe(false);
    expect(trustedProxyCheck(false)('127.0.0.1')).toBe(false);
  });
});
