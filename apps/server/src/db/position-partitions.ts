import { sql, type Kysely } from 'kysely';

const DAY_MS = 86_400_000;
/** Asia/Shanghai: a day's partition holds that local day's fixes. */
const OFFSET_MS = 8 * 3_600_000;
/** Partitions are made this many days ahead: a week of a stopped job before any day falls to the default. */
export const PARTITION_DAYS_AHEAD = 7;

/** Start of the local day `ms` falls in. */
export function dayStart(ms: number): number {
  return Math.floor((ms + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
}

function partitionName(start: number): string {
  const d = new Date(start + OFFSET_MS);
  return `position_d${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/**
 * PostgreSQL only: makes sure the local days from `now` to PARTITION_DAYS_AHEAD days on have their
 * partition of `position`. A day already covered (by an earlier partition, or the rows the default
 * partition caught for it) is skipped: the default keeps those rows, which is correct, only not split
 * by day. Answers the partitions it created. Runs under any number of processes at once.
 */
export async function ensurePositionPartitions(db: Kysely<any>, now: number): Promise<string[]> {
  const created: string[] = [];
  const existing = new Set(
    (await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'position'::regclass`.execute(db)).rows.map((r) => r.name),
  );
  for (let k = 0; k <= PARTITION_DAYS_AHEAD; k++) {
    const start = dayStart(now) + k * DAY_MS;
    const name = partitionName(start);
    if (existing.has(name)) continue;
    try {
      await sql`create table if not exists ${sql.id(name)} partition of position for values from (${sql.lit(start)}) to (${sql.lit(start + DAY_MS)})`.execute(db);
      created.push(name);
    } catch (err) {
      // 42P17: overlaps a partition (the one before partitioning, for days before it); 23514: the default
      // partition already holds rows of that day; 42P07: another process made it first.
      const code = (err as { code?: string }).code;
      if (code !== '42P17' && code !== '23514' && code !== '42P07') throw err;
    }
  }
  return created;
}

/**
 * Keeps the partitions ahead while the process runs: at once, then every six hours. Returns the stop.
 * `onError` hears a failure; the next round tries again.
 */
export function startPartitionJob(db: Kysely<any>, onError: (err: unknown) => void, now: () => number = Date.now): () => void {
  const run = () => void ensurePositionPartitions(db, now()).catch(onError);
  run();
  const timer = setInterval(run, 6 * 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
