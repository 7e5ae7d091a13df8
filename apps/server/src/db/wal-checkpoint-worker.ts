import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

/** What the checkpointer thread is started with: the database file, and how long it rests between checkpoints. */
export type CheckpointerInput = { file: string; restMs: number };
/**
 * Its report after each checkpoint: frames in the log, and how many of them are in the database file;
 * `asked`, the request it answers (0: a checkpoint of its own, begun while the writer may have written since).
 */
export type CheckpointReport = { log: number; checkpointed: number; asked: number };
/** What the writer's thread asks: a checkpoint now (it is not writing; numbered, answered with its number), or the end. */
export type CheckpointRequest = number | 'stop';

/**
 * Copies the write-ahead log into the database file on a connection and a thread of its own
 * (db/wal-checkpointer.ts starts it). PASSIVE: it never waits for the writer or a reader, and the
 * writer never waits for it, except when the writer asks for one while it holds its writes back.
 */
function serve(): void {
  const { file, restMs } = workerData as CheckpointerInput;
  const db = new Database(file);
  const port = parentPort!;
  let timer: NodeJS.Timeout | null = null;
  const round = (asked: number) => {
    timer = null;
    try {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      port.postMessage({ log: r!.log, checkpointed: r!.checkpointed, asked } satisfies CheckpointReport);
    } catch {
      // Busy (another checkpoint running): the next round tries again.
      port.postMessage({ log: -1, checkpointed: -1, asked } satisfies CheckpointReport);
    }
    timer = setTimeout(() => round(0), restMs);
  };
  port.on('message', (m: CheckpointRequest) => {
    if (timer) clearTimeout(timer);
    if (m !== 'stop') return round(m);
    db.close();
    port.close();
  });
  round(0);
}

serve();
