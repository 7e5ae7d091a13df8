import net from 'node:net';
import type { Db } from '../../db/database.js';
import type { CommandChannel, CommandStore } from '../commands/command-store.js';
import type { PositionPipeline } from '../pipeline/position-pipeline.js';
import { TerminalConnection } from './connection.js';
import { emptyGatewayStats } from './gateway-stats.js';
import { createTerminalDirectory } from './terminal-directory.js';

export type GatewayOptions = {
  port: number;
  host: string;
  db: Db;
  pipeline: PositionPipeline;
  commands: CommandStore;
  /** Let unknown terminals register as unassigned devices (JT808_AUTO_REGISTER). */
  autoRegister: boolean;
  /** A connection silent this long is closed; terminals send heartbeats well within it. */
  idleTimeoutMs: number;
  maxConnections?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/** The JT/T 808 TCP gateway: terminals in, positions to the pipeline, commands out. */
export function createJt808Gateway(o: GatewayOptions) {
  const stats = emptyGatewayStats();
  const online = new Map<string, TerminalConnection>();
  const sockets = new Set<net.Socket>();
  const directory = createTerminalDirectory(o.db, { autoRegister: o.autoRegister });

  const server = net.createServer({ noDelay: true }, (socket) => {
    stats.accepted += 1;
    stats.connections += 1;
    sockets.add(socket);
    socket.setTimeout(o.idleTimeoutMs, () => {
      stats.closedIdle += 1;
      socket.destroy();
    });
    socket.on('error', () => socket.destroy());
    const conn = new TerminalConnection(socket, {
      pipeline: o.pipeline,
      directory,
      commands: o.commands,
      stats,
      log: o.log,
      onAuthenticated(c) {
        const previous = online.get(c.deviceNumber!);
        // A terminal that reconnects leaves its old socket half-open; the new one is the real one.
        if (previous && previous !== c) previous.socket.destroy();
        if (!previous) stats.authenticated += 1;
        online.set(c.deviceNumber!, c);
      },
    });
    socket.on('close', () => {
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
  if (o.maxConnections) server.maxConnections = o.maxConnections;

  const channel: CommandChannel = {
    async deliver(deviceNumber, command) {
      const conn = online.get(deviceNumber);
      if (!conn) return false;
      await conn.deliver(command);
      return true;
    },
  };

  return {
    stats,
    channel,
    isOnline: (deviceNumber: string) => online.has(deviceNumber),
    listen(): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(o.port, o.host, () => {
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : o.port);
        });
      });
    },
    /** Stops accepting, closes every terminal's socket; unacknowledged positions will be re-sent by them. */
    close(): Promise<void> {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type Jt808Gateway = ReturnType<typeof createJt808Gateway>;
