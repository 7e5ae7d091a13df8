import type Database from 'better-sqlite3';
import { startWorker } from '../lib/start-worker.js';
import { WAL_AUTOCHECKPOINT_PAGES } from './database.js';
import type { CheckpointerInput, CheckpointReport, CheckpointRequest } from './wal-checkpoint-worker.js';

/** Between two checkpoints of the thread: the writer commits every ~10 ms under load. */
const REST_MS = 50;
/** The log is started over once it holds this many pages (40 MB), as the writer's own checkpoint did. */
const RESTART_PAGES = WAL_AUTOCHECKPOINT_PAGES;
/** How long a write waits at most for the thread to copy the log's last frames… */
const CATCH_UP_MS = 50;
/**
 * …and how long after a wait that did not end in a copy of all of it (a reader's snapshot, an export
 * say, keeps frames from being copied) the writes go on without waiting again.
 */
const RETRY_MS = 1000;
/** The writer's own checkpoint, left as a bound on the log should the thread fall behind or die (pages: 400 MB). */
const SAFETY_PAGES = 100_000;

export type WalCheckpointer = {
  /** Before a write: nothing, or (the log is long) a wait for the thread to copy all of it, so the write starts it over. */
  beforeWrite(): Promise<void> | undefined;
  stop(): Promise<void>;
};

/**
 * Moves SQLite's checkpoints off the event loop (issue 33). The writer's own checkpoint, run by the
 * commit that passes 10,000 pages, copied them all on the event loop: every terminal's acknowledgement
 * waited tens of milliseconds about once a second under load (p99 58 ms with none during the run,
 * 124–145 ms with them). A thread copies the log passively every 50 ms instead. The log only starts
 * over when a write begins with all of it copied, which never happens while commits come every few
 * milliseconds: so once it is long, the next write waits (without holding the event loop) until the
 * thread has copied the last frames.
 */
export function startWalCheckpointer(sqlite: Database.Database, file: string, log: { error(obj: object, msg: string): void }): WalCheckpointer {
  const input: CheckpointerInput = { file, restMs: REST_MS };
  const worker = startWorker(import.meta.url, 'wal-checkpoint-worker', { workerData: input });
  // A start that fails later must still let the process exit.
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
  let last: CheckpointReport = { log: 0, checkpointed: 0, asked: 0 };
  /** The request waiting for its answer, by number. */
  let waiting: { asked: number; answer: (r: CheckpointReport) => void } | null = null;
  let asked = 0;
  let alive = true;
  let nextTry = 0;
  worker.on('message', (r: CheckpointReport) => {
    last = r;
    if (waiting && r.asked === waiting.asked) {
      const w = waiting;
      waiting = null;
      w.answer(r);
    }
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (err) => log.error({ err }, 'the WAL checkpoint thread failed; the writer checkpoints again'));
  void exited.then(() => {
    const died = alive;
    alive = false;
    waiting?.answer(last);
    waiting = null;
    if (died && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  });
  // Only the answer to this request counts: a report of the thread's own round may predate the last writes.
  const ask = () => new Promise<CheckpointReport>((answer) => {
    waiting = { asked: ++asked, answer };
    worker.postMessage(asked satisfies CheckpointRequest);
  });

  async function catchUp(): Promise<void> {
    const until = performance.now() + CATCH_UP_MS;
    while (alive && performance.now() < until) {
      const r = await ask();
      if (r.log >= 0 && r.checkpointed >= r.log) {
        // All copied: this write starts the log over; until the thread reports again, it is short.
        last = { log: 0, checkpointed: 0, asked: 0 };
        return;
      }
    }
    nextTry = performance.now() + RETRY_MS;
  }

  return {
    beforeWrite: () => (alive && last.log >= RESTART_PAGES && performance.now() >= nextTry ? catchUp() : undefined),
    async stop(): Promise<void> {
      if (!alive) return;
      alive = false;
      worker.postMessage('stop' satisfies CheckpointRequest);
      await exited;
    },
  };
}
