import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { surviveAcceptErrors } from './accept-errors.js';

/** What Node emits on a listening server when accept(2) fails for want of a descriptor. */
const acceptFailure = () => Object.assign(new Error('accept EMFILE'), { syscall: 'accept', code: 'EMFILE', errno: -24 });

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listening(): Promise<net.Server> {
  const server = net.createServer((socket) => socket.end('hello'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const greeting = (server: net.Server) =>
  new Promise<string>((resolve, reject) => {
    const { port } = server.address() as net.AddressInfo;
    const c = net.connect(port, '127.0.0.1');
    let text = '';
    c.on('data', (d) => (text += String(d)));
    c.on('end', () => resolve(text));
    c.on('error', reject);
  });

describe('a gateway out of file descriptors', () => {
  it('would end the process on a failed accept without a listener (why the listener exists)', async () => {
    const server = await listening();
    expect(() => server.emit('error', acceptFailure())).toThrow('accept EMFILE');
  });

  it('counts each failed accept, logs at most once a minute, and goes on serving', async () => {
    const server = await listening();
    const logged: object[] = [];
    let failed = 0;
    let t = 0;
    surviveAcceptErrors(server, { log: { warn: (obj) => logged.push(obj) }, onAcceptError: () => (failed += 1), now: () => t });
    for (let i = 0; i < 3; i++) server.emit('error', acceptFailure());
    expect(failed).toBe(3);
    expect(logged).toEqual([{ failed: 1, code: 'EMFILE' }]);
    t += 60_000;
    server.emit('error', acceptFailure());
    expect(logged.at(-1)).toEqual({ failed: 3, code: 'EMFILE' });
    expect(await greeting(server)).toBe('hello');
  });

  it('logs any other error after listening instead of ending the process', async () => {
    const server = await listening();
    const logged: object[] = [];
    surviveAcceptErrors(server, { log: { warn: (obj) => logged.push(obj) }, onAcceptError: () => {} });
    server.emit('error', Object.assign(new Error('something else'), { code: 'EWHATEVER' }));
    expect(logged).toEqual([{ err: 'something else', code: 'EWHATEVER' }]);
    expect(await greeting(server)).toBe('hello');
  });
});
