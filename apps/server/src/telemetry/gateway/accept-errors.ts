import type { Server } from 'node:net';

/** At most one log line per this long, counting the failures since the last. */
const LOG_EVERY_MS = 60_000;

type Log = { warn(obj: object, msg: string): void };

/**
 * Keeps a listening TCP server alive when the system cannot accept a connection (EMFILE, ENFILE:
 * no descriptor left). Node emits such a failure as the server's `error` event, which with no
 * listener ends the process: every terminal would drop because one more tried to connect. Each one
 * costs that single connection instead; the count goes to `onAcceptError` and, at most once a
 * minute, to the log. Any other error after listening is logged, not thrown: the server keeps
 * serving the connections it holds.
 */
export function surviveAcceptErrors(server: Server, o: { log: Log; onAcceptError: () => void; now?: () => number }): void {
  const now = o.now ?? Date.now;
  let lastLog = -Infinity;
  let unlogged = 0;
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.syscall !== 'accept') {
      o.log.warn({ err: err.message, code: err.code }, 'JT/T 808 gateway: server error');
      return;
    }
    o.onAcceptError();
    unlogged += 1;
    if (now() - lastLog < LOG_EVERY_MS) return;
    lastLog = now();
    o.log.warn({ failed: unlogged, code: err.code }, 'JT/T 808 gateway: connections could not be accepted (out of file descriptors? raise the open-file limit or lower JT808_MAX_CONNECTIONS)');
    unlogged = 0;
  });
}
