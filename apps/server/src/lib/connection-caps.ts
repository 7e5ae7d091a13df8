import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressKey } from '../modules/session/login-throttle.js';
import { trustedProxyCheck } from './trust-proxy.js';

/** How many HTTP connections the server holds at once (settings HTTP_MAX_CONNECTIONS*). */
export type ConnectionCaps = {
  /** In the whole process; the default is derived from the open-file limit (config.ts, `descriptorBudget`). */
  maxConnections: number;
  /** From one address (an IPv6 client by its /64); a trusted proxy's connections are not counted here. */
  maxPerAddress: number;
};

/** Counters an operator reads (and the rate-limited log line repeats): what is held, what was refused. */
export type HttpConnectionStats = {
  /** Connections held now. */
  open: number;
  /** Closed on arrival: the process held HTTP_MAX_CONNECTIONS. */
  refusedProcessCap: number;
  /** Closed on arrival: their address held HTTP_MAX_CONNECTIONS_PER_ADDRESS. */
  refusedAddressCap: number;
  /** Connections the system could not accept (no descriptor left): counted, not fatal. */
  acceptErrors: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTTP connections held and refused (capConnections). */
    httpConnections: HttpConnectionStats;
  }
}

type Log = { warn(obj: object, msg: string): void };

/** At most one log line per this long, summing the refusals since the last. */
const LOG_EVERY_MS = 60_000;

/**
 * Caps the HTTP server's connections, per process and per address. A connection over a cap is closed
 * as it arrives, before the HTTP machinery sees it: no parser, no timer, no byte read. Over the process
 * cap Node itself closes the accepted descriptor (`server.maxConnections`, its `drop` event); over an
 * address's cap the socket is reset (RST: nothing lingers in the kernel either). The count per address
 * lives only while the address holds connections, so it is bounded by the process cap.
 *
 * Must run before anything else listens for `connection`: it takes Node's own HTTP listener and calls
 * it only for the connections it admits.
 */
export function capConnections(
  server: Server,
  o: { caps: ConnectionCaps; trustProxy: string[] | false; log: Log; now?: () => number },
): HttpConnectionStats {
  const now = o.now ?? Date.now;
  const stats: HttpConnectionStats = { open: 0, refusedProcessCap: 0, refusedAddressCap: 0, acceptErrors: 0 };
  const perAddress = new Map<string, number>();
  const trusted = trustedProxyCheck(o.trustProxy);

  // Refusals since the last log line, and the addresses refused most.
  let lastLog = -Infinity;
  let unlogged = { process: 0, address: 0, acceptErrors: 0, addresses: new Map<string, number>() };
  const report = () => {
    const t = now();
    if (t - lastLog < LOG_EVERY_MS) return;
    lastLog = t;
    const top = [...unlogged.addresses].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([address, refused]) => ({ address, refused }));
    o.log.warn(
      {
        refusedProcessCap: unlogged.process, refusedAddressCap: unlogged.address, acceptErrors: unlogged.acceptErrors, topAddresses: top,
        open: stats.open, maxConnections: o.caps.maxConnections, maxPerAddress: o.caps.maxPerAddress,
      },
      'HTTP connections refused over their caps (HTTP_MAX_CONNECTIONS, HTTP_MAX_CONNECTIONS_PER_ADDRESS; behind a reverse proxy, TRUST_PROXY must name it)',
    );
    unlogged = { process: 0, address: 0, acceptErrors: 0, addresses: new Map() };
  };

  server.maxConnections = o.caps.maxConnections;
  server.on('drop', () => {
    stats.refusedProcessCap += 1;
    unlogged.process += 1;
    report();
  });

  // Out of descriptors, libuv hands the accept error to Node, which emits it on the server: with no
  // listener that ends the process. Below the caps it should not happen; if it does, it costs one connection.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.syscall !== 'accept') {
      // Listening errors (EADDRINUSE) belong to whoever called listen(), which listens for them.
      if (server.listenerCount('error') > 1) return;
      throw err;
    }
    stats.acceptErrors += 1;
    unlogged.acceptErrors += 1;
    report();
  });

  const admitted = (socket: Socket): boolean => {
    const remote = socket.remoteAddress;
    // Gone before it was handed over (reset at once): nothing to serve.
    if (remote === undefined) {
      socket.destroy();
      return false;
    }
    let key: string | null = null;
    // The proxy is everyone behind it: its connections count towards the process cap only.
    if (!trusted(remote)) {
      key = clientAddressKey(remote);
      const held = perAddress.get(key) ?? 0;
      if (held >= o.caps.maxPerAddress) {
        stats.refusedAddressCap += 1;
        unlogged.address += 1;
        unlogged.addresses.set(key, (unlogged.addresses.get(key) ?? 0) + 1);
        // A bounded map of the worst offenders until the next line.
        if (unlogged.addresses.size > 1000) unlogged.addresses.delete(unlogged.addresses.keys().next().value!);
        // No error event can come of it: the socket is dropped unused.
        socket.on('error', () => {});
        socket.resetAndDestroy();
        report();
        return false;
      }
      perAddress.set(key, held + 1);
    }
    stats.open += 1;
    socket.once('close', () => {
      stats.open -= 1;
      if (key === null) return;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
    return true;
  };

  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!admitted(socket)) return;
    for (const listener of httpListeners) listener.call(server, socket);
  });
  return stats;
}
