import net from 'node:net';
import type Database from 'better-sqlite3';
import type { Db } from '../../db/database.js';
import type { CommandChannel, CommandStore } from '../commands/command-store.js';
import { createByteBudget } from '../jt808/index.js';
import type { PositionSink } from '../pipeline/position-pipeline.js';
import { clientAddressKey } from '../../modules/session/login-throttle.js';
import { surviveAcceptErrors } from './accept-errors.js';
import { createAttemptLimiter } from './attempt-limiter.js';
import { TerminalConnection, type AckTiming } from './connection.js';
import { emptyGatewayStats } from './gateway-stats.js';
import { createHeardLog, HEARD_REWRITE_MS } from './heard-log.js';
import { createTerminalDirectory } from './terminal-directory.js';
import { DEFAULT_REGISTER_WINDOW_MS } from '../../modules/device/registration-window.js';

/** Every limit of the gateway; main.ts fills them from the JT808_* settings. */
export type GatewayLimits = {
  /** Connections held at once; more are closed as they arrive. */
  maxConnections: number;
  /** A connection that has not authenticated this long after it opened is closed. */
  authTimeoutMs: number;
  /** Failed registrations/authentications of one device number from one address within the window before that number is refused there… */
  deviceMaxFailures: number;
  /** …and from one address, whatever the numbers, before its connections are refused (far higher: a carrier's NAT is many terminals)… */
  addressMaxFailures: number;
  /** …for the rest of this window. */
  addressFailureWindowMs: number;
  /** Bytes of unfinished sub-packaged messages one connection may hold… */
  reassemblyBytesPerConnection: number;
  /** …and all connections together. */
  reassemblyBytesTotal: number;
};

export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = {
  maxConnections: 10_000,
  authTimeoutMs: 30_000,
  deviceMaxFailures: 10,
  addressMaxFailures: 300,
  addressFailureWindowMs: 10 * 60_000,
  reassemblyBytesPerConnection: 256 * 1024,
  reassemblyBytesTotal: 64 * 1024 * 1024,
};

export type GatewayOptions = {
  port: number;
  host: string;
  db: Db;
  /** The embedded database's connection, when it is one: the heard times are then written synchronously. */
  sqlite?: Database.Database;
  pipeline: PositionSink;
  commands: CommandStore;
  /** Let unknown terminals register as unassigned devices (JT808_AUTO_REGISTER). */
  autoRegister: boolean;
  /** How long the window a terminal's logout (0x0003) opens stays open (JT808_REGISTER_WINDOW_HOURS; 72 h). */
  registerWindowMs?: number;
  /** A connection silent this long is closed; terminals send heartbeats well within it. */
  idleTimeoutMs: number;
  limits?: Partial<GatewayLimits>;
  /** How stale a device's recorded last-heard time may grow before a message writes it again (tests set 0). */
  heardRewriteMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/** The JT/T 808 TCP gateway: terminals in, positions to the pipeline, commands out. */
export function createJt808Gateway(o: GatewayOptions) {
  const limits = { ...DEFAULT_GATEWAY_LIMITS, ...o.limits };
  const stats = emptyGatewayStats();
  const online = new Map<string, TerminalConnection>();
  const sockets = new Set<net.Socket>();
  const directory = createTerminalDirectory(o.db, { autoRegister: o.autoRegister, registerWindowMs: o.registerWindowMs ?? DEFAULT_REGISTER_WINDOW_MS });
  // Failures per address (an IPv6 terminal by its /64) and per (address, device number): a terminal that
  // keeps failing uses up its own allowance, not its NAT neighbours'.
  const addressFailures = createAttemptLimiter({ maxFailures: limits.addressMaxFailures, windowMs: limits.addressFailureWindowMs });
  const deviceFailures = createAttemptLimiter({ maxFailures: limits.deviceMaxFailures, windowMs: limits.addressFailureWindowMs });
  const reassemblyBudget = createByteBudget(limits.reassemblyBytesTotal);
  const ackTiming: AckTiming = { observe: null };
  const heardLog = createHeardLog(o.db, o.log, o.heardRewriteMs ?? HEARD_REWRITE_MS, undefined, o.sqlite);

  const server = net.createServer({ noDelay: true }, (socket) => {
    stats.accepted += 1;
    const address = clientAddressKey(socket.remoteAddress ?? '');
    const pair = (deviceNumber: string) => `${address}|${deviceNumber}`;
    if (addressFailures.blocked(address)) {
      stats.throttled += 1;
      socket.destroy();
      return;
    }
    stats.connections += 1;
    sockets.add(socket);
    socket.setTimeout(o.idleTimeoutMs, () => {
      stats.closedIdle += 1;
      socket.destroy();
    });
    socket.on('error', () => socket.destroy());
    const authDeadline = setTimeout(() => {
      stats.closedUnauthenticated += 1;
      socket.destroy();
    }, limits.authTimeoutMs);
    authDeadline.unref();
    const conn = new TerminalConnection(socket, {
      pipeline: o.pipeline,
      directory,
      commands: o.commands,
      stats,
      reassemblyBudget,
      reassemblyBytesPerConnection: limits.reassemblyBytesPerConnection,
      log: o.log,
      ackTiming,
      heard: heardLog.heard,
      attemptAllowed(deviceNumber) {
        if (!deviceFailures.blocked(pair(deviceNumber))) return true;
        stats.throttledAttempts += 1;
        return false;
      },
      onFailedAttempt(deviceNumber) {
        const addressBlocked = addressFailures.fail(address);
        return deviceFailures.fail(pair(deviceNumber)) || addressBlocked;
      },
      onAuthenticated(c) {
        clearTimeout(authDeadline);
        // The terminal has proved itself: its number's failures from here are forgiven (not its address's).
        deviceFailures.clear(pair(c.deviceNumber!));
        const previous = online.get(c.deviceNumber!);
        // Only a terminal that proved itself gets here: the new connection is the real one reconnecting.
        if (previous && previous !== c) previous.socket.destroy();
        if (!previous) stats.authenticated += 1;
        online.set(c.deviceNumber!, c);
      },
    });
    socket.on('close', () => {
      clearTimeout(authDeadline);
      stats.connections -= 1;
      sockets.delete(socket);
      const s = conn.splitterStats();
      stats.garbageBytes += s.garbageBytes;
      stats.oversizeRuns += s.oversizeRuns;
      if (conn.deviceNumber && online.get(conn.deviceNumber) === conn) {
        online.delete(conn.deviceNumber);
        stats.authenticated -= 1;
      }
    });
  });
  server.maxConnections = limits.maxConnections;
  server.on('drop', () => {
    stats.overCapacity += 1;
  });

  const channel: CommandChannel = {
    async deliver(deviceNumber, command) {
      const conn = online.get(deviceNumber);
      if (!conn) return false;
      await conn.deliver(command);
      return true;
    },
    disconnect(deviceNumber) {
      const conn = online.get(deviceNumber);
      conn?.socket.destroy();
      return conn !== undefined;
    },
  };

  return {
    stats,
    channel,
    /** Sends what is stored for this terminal, when it is connected here (scale mode: told over the broker). */
    deliverQueued: async (deviceNumber: string): Promise<void> => {
      await online.get(deviceNumber)?.deliverQueued();
    },
    isOnline: (deviceNumber: string) => online.has(deviceNumber),
    /** Bytes held across all connections for unfinished sub-packaged messages. */
    reassemblyBytes: () => reassemblyBudget.used,
    /** Accepting terminals (readiness). */
    listening: () => server.listening,
    /** From now on each acknowledgement of positions is timed from its message's arrival and told here, in seconds (metrics). */
    observeAcks(observe: (seconds: number) => void): void {
      ackTiming.observe = observe;
    },
    listen(): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(o.port, o.host, () => {
          // Listening: from now on an error is a failed accept, which must not end the process.
          server.off('error', reject);
          surviveAcceptErrors(server, { log: o.log, onAcceptError: () => (stats.acceptErrors += 1) });
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : o.port);
        });
      });
    },
    /** Stops accepting, closes every terminal's socket; unacknowledged positions will be re-sent by them. */
    async close(): Promise<void> {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await heardLog.stop();
    },
    /** Writes the times terminals were heard now rather than at the next tick (tests). */
    flushHeard: () => heardLog.flush(),
  };
}

export type Jt808Gateway = ReturnType<typeof createJt808Gateway>;
