import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { NatsConnection } from 'nats';
import { MIGRATION_NAMES, type Db } from '../db/database.js';
import { failed, OK, type Check } from './health.js';

/** A part the role will have, not there yet. */
export const starting: Check = () => failed('starting');

export function databaseCheck(db: Db): Check {
  return async () => {
    try {
      await sql`select 1`.execute(db);
      return OK;
    } catch {
      return failed('unreachable');
    }
  };
}

/**
 * Ready once every migration this build knows is applied (a newer build's further ones are fine:
 * migrations only add, and an older process keeps running during an upgrade). Read from the
 * migrator's own table rather than through its API, which reads every schema's catalog. Once
 * true it stays true: nothing undoes a migration under a running process, and a probe saves a query.
 */
export function migrationsCheck(db: Db): Check {
  let done = false;
  return async () => {
    if (done) return OK;
    let applied: Set<string>;
    try {
      const rows = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
      applied = new Set(rows.rows.map((r) => r.name));
    } catch {
      // No migrator table on a reachable database: never migrated.
      const reachable = await databaseCheck(db)();
      return failed(reachable.ok ? `0 of ${MIGRATION_NAMES.length} applied` : 'unknown');
    }
    const pending = MIGRATION_NAMES.filter((name) => !applied.has(name)).length;
    if (pending > 0) return failed(`${MIGRATION_NAMES.length - pending} of ${MIGRATION_NAMES.length} applied`);
    done = true;
    return OK;
  };
}

/**
 * A PING answered now: nats.js refuses it at once while it is reconnecting, so the check follows the
 * connection as it drops and comes back.
 */
export function natsCheck(nc: NatsConnection): Check {
  return async () => {
    if (nc.isClosed()) return failed('closed');
    try {
      await nc.rtt();
      return OK;
    } catch {
      return failed('disconnected');
    }
  };
}

export function listeningCheck(listening: () => boolean): Check {
  return () => (listening() ? OK : failed('not listening'));
}

/**
 * A worker is ready when it holds a partition, or when every partition is held: a worker beyond the
 * partition count stands by with none, as it should. One holding none while a partition is free or
 * its lease ran out is not doing its work (its lease rounds fail, or it cannot claim). Read from the
 * leases table, not from what the worker last believed: a worker whose renewals stopped is not ready.
 */
export function partitionsCheck(db: Db, o: { owner: string; partitions: number; now?: () => number }): Check {
  const now = o.now ?? Date.now;
  return async () => {
    const rows = await db.selectFrom('broker_partition').select('owner')
      .where('partition', '<', o.partitions).where('owner', 'is not', null).where('lease_until', '>=', now())
      .execute();
    const here = rows.filter((r) => r.owner === o.owner).length;
    const detail = `${here} held here, ${rows.length}/${o.partitions} held`;
    return here > 0 || rows.length >= o.partitions ? { ok: true, detail } : failed(detail);
  };
}
