import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Starts the app on a free loopback port: what time-outs and malformed requests need (inject has no socket). */
export async function listenLocal(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type RawReply = { status: number; headers: Record<string, string>; body: string };

/** A reply read from raw bytes: status line, headers, and the body as far as Content-Length says. */
export function parseReply(bytes: Buffer): RawReply | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const body = bytes.subarray(end + 4);
  const length = Number(headers['content-length'] ?? body.length);
  if (body.length < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}

/**
 * A TCP connection that speaks HTTP by hand, byte by byte if need be: the client a slow or hostile
 * caller would be. Everything received is kept; `closed` resolves when the server hangs up.
 */
export function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  const waiters = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    for (const w of [...waiters]) w();
  });
  // A server that refuses a request mid-upload may reset the connection; the reply before it is what counts.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    connected,
    closed,
    isClosed: () => socket.destroyed,
    /** Writes and waits until the bytes are handed to the kernel; false once the socket is gone. */
    write: (data: string | Buffer) =>
      new Promise<boolean>((resolve) => {
        if (socket.destroyed) return resolve(false);
        socket.write(data, (err) => resolve(!err));
      }),
    /** The first complete reply, or null if the server hangs up without one. */
    reply: () =>
      new Promise<RawReply | null>((resolve) => {
        const check = () => {
          const parsed = parseReply(received);
          if (parsed || socket.destroyed) {
            waiters.delete(check);
            resolve(parsed);
          }
        };
        waiters.add(check);
        void closed.then(check);
        check();
      }),
  };
}

/** Resolves true if the promise settles within `ms`, false otherwise. */
export function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
