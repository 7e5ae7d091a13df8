import { DeviceKind, ONLINE_GRACE_MS } from '@cvrisk/contracts';
import type Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import { outsideTransactions } from '../../db/sqlite-writer.js';

/** How often the times terminals were heard are written: a device's state needs minutes, not milliseconds. */
export const HEARD_FLUSH_MS = 5_000;

/**
 * A pause longer than this between a terminal's messages ends its run (`heard_since` starts again):
 * a wired device's grace, the shortest, so a run never hides a silence any device would be offline for.
 */
const RUN_BREAK_MS = ONLINE_GRACE_MS[DeviceKind.wired];

/**
 * A device's time is written again only once it moved on this much: states are read to the minute
 * (the shortest grace is 10 minutes), and a moving terminal's every position is a message.
 */
export const HEARD_REWRITE_MS = 60_000;

/** The same update as `createHeardLog`'s, by prepared statement in one transaction; answers whether each row was updated. */
function sqliteWriter(sqlite: Database.Database) {
  const update = sqlite.prepare(
    `update device_status set heard_since = case when heard_at is null or heard_since is null or ? - heard_at > ${RUN_BREAK_MS} then ? else heard_since end,
     heard_at = ? where device_id = ? and (heard_at is null or heard_at < ?)`,
  );
  return sqlite.transaction((rows: [number, number][]) => rows.map(([id, at]) => [id, at, update.run(at, at, at, id, at).changes > 0] as const));
}

/**
 * When each authenticated terminal was last heard from (any message: a heartbeat, a command's
 * answer, a position), written to `device_status` every few seconds rather than per message: at
 * 10,000 terminals heartbeating each minute, one row per message would be a write per 6 ms for a
 * fact the console reads to the minute. Devices that never reported a position have no status row
 * and stay 未上线 (never): they have no place to show.
 */
export function createHeardLog(
  db: Db, log: { warn(obj: object, msg: string): void }, rewriteAfterMs = HEARD_REWRITE_MS, flushMs = HEARD_FLUSH_MS, sqlite?: Database.Database,
) {
  let heard = new Map<number, number>();
  /**
   * Times whose write found no status row, tried once more at the next flush: a device's first
   * position message is heard before that position's commit creates the row, and the flush can fall
   * between the two. Tried once only, so a terminal that never sends a position costs one more row.
   */
  let again = new Map<number, number>();
  /** The time last written for each device. */
  const written = new Map<number, number>();
  let writing: Promise<void> = Promise.resolve();

  // A run continues while messages come within RUN_BREAK_MS of each other; a later time never goes back.
  const update = (q: Db, id: number, at: number) => q.updateTable('device_status')
    .set({
      heard_since: sql<number>`case when heard_at is null or heard_since is null or ${at} - heard_at > ${RUN_BREAK_MS} then ${at} else heard_since end`,
      heard_at: at,
    })
    .where('device_id', '=', id)
    .where((eb) => eb.or([eb('heard_at', 'is', null), eb('heard_at', '<', at)]))
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) > 0);

  // On the embedded database, one synchronous transaction: Kysely's awaits between rows held the one
  // connection, and with it every batch of positions, for as long as the event loop took to come back.
  if (isSqlite(db) && !sqlite) throw new Error('the heard log on SQLite writes through the connection itself: pass it');
  const writeSync = sqlite && sqliteWriter(sqlite);

  function settle(id: number, at: number, updated: boolean, retry: boolean): void {
    if (updated) return void written.set(id, at);
    // No status row (no position stored yet): heard again at its next message, or retried once.
    written.delete(id);
    if (!retry && !heard.has(id)) again.set(id, at);
  }

  async function write(batch: Map<number, number>, retries: ReadonlySet<number>): Promise<void> {
    const rows = [...batch].sort((a, b) => a[0] - b[0]);
    if (writeSync) {
      await outsideTransactions(sqlite!);
      for (const [id, at, updated] of writeSync(rows)) settle(id, at, updated, retries.has(id));
    } else {
      // Each row on its own: the pipeline's transactions write these rows too, and a transaction holding
      // many of them while waiting for another could deadlock with one of those.
      for (const [id, at] of rows) settle(id, at, await update(db, id, at), retries.has(id));
    }
  }

  function flush(): Promise<void> {
    if (heard.size === 0 && again.size === 0) return writing;
    const batch = heard;
    const retries = new Set<number>();
    for (const [id, at] of again) {
      if (batch.has(id)) continue;
      batch.set(id, at);
      retries.add(id);
    }
    heard = new Map();
    again = new Map();
    // Writes stay in order: a later flush never lands before an earlier one.
    // A failed write is not retried: each terminal's next message records it again, so it costs state, not data.
    writing = writing.then(() => write(batch, retries)).catch((err: unknown) => log.warn({ err, devices: batch.size }, 'recording when terminals were heard failed'));
    return writing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** The terminal with this device id sent a message at `at` (server time). */
    heard(deviceId: number, at: number): void {
      if (at - (written.get(deviceId) ?? -Infinity) >= rewriteAfterMs) heard.set(deviceId, at);
    },
    flush,
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type HeardLog = ReturnType<typeof createHeardLog>;
