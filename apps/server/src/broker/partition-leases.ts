import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';

/** Thrown by commitSeq when this worker no longer holds the partition: its transaction must roll back. */
export class LeaseLostError extends Error {
  constructor(readonly partition: number, readonly owner: string) {
    super(`${owner} no longer holds partition ${partition}`);
    this.name = 'LeaseLostError';
  }
}

export type RebalanceResult = { acquired: number[]; lost: number[]; owned: number[] };

export type PartitionLeases = {
  /** Call every ~leaseMs/3; stop consuming `lost`, start consuming `acquired` from committedSeq + 1. */
  rebalance(): Promise<RebalanceResult>;
  /** Inside the caller's transaction, next to the positions it covers; throws LeaseLostError. */
  commitSeq(trx: Kysely<DB>, partition: number, seq: number): Promise<void>;
  committedSeq(partition: number): Promise<number>;
  /** On a clean stop, so the survivors take the partitions at once instead of after the lease ran out. */
  releaseAll(): Promise<void>;
};

/**
 * Partition ownership through the database every worker already shares: no extra coordinator.
 *
 * Safety does not rest on clocks: every claim and renewal is one conditional UPDATE, so at any moment
 * one row names one owner, and commitSeq writes only where the row still names this worker — a worker
 * whose lease was taken over cannot commit, whatever it believes. Clocks only decide *when* an expired
 * lease may be taken; workers' clocks should agree to well within leaseMs.
 *
 * Fairness: each worker aims at ceil(partitions / live workers). Live workers are those that
 * heartbeated into broker_worker within leaseMs, plus every owner of an unexpired lease, plus itself.
 * A worker above that share releases its highest partitions; one below it claims free or expired ones.
 * A newcomer therefore gets its share within two rebalance rounds, and a dead worker's partitions go
 * to the others once its leases expire.
 */
export function createPartitionLeases(
  db: Db,
  opts: { owner: string; partitions: number; leaseMs?: number; now?: () => number },
): PartitionLeases {
  const { owner, partitions } = opts;
  const leaseMs = opts.leaseMs ?? 10_000;
  const now = opts.now ?? Date.now;
  let held = new Set<number>();
  let rowsReady = false;

  async function ensureRows(): Promise<void> {
    if (rowsReady) return;
    const rows = Array.from({ length: partitions }, (_, partition) => ({ partition, owner: null }));
    await db.insertInto('broker_partition').values(rows).onConflict((oc) => oc.column('partition').doNothing()).execute();
    rowsReady = true;
  }

  /** The only way a partition becomes this worker's: it is free, expired, or already ours. */
  async function claim(partition: number, t: number): Promise<boolean> {
    const r = await db.updateTable('broker_partition')
      .set({ owner, lease_until: t + leaseMs })
      .where('partition', '=', partition)
      .where((eb) => eb.or([eb('owner', '=', owner), eb('owner', 'is', null), eb('lease_until', '<', t)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async function release(partition: number): Promise<void> {
    await db.updateTable('broker_partition').set({ owner: null, lease_until: 0 })
      .where('partition', '=', partition).where('owner', '=', owner).execute();
  }

  return {
    async rebalance() {
      await ensureRows();
      const t = now();
      await db.insertInto('broker_worker').values({ owner, seen_until: t + leaseMs })
        .onConflict((oc) => oc.column('owner').doUpdateSet({ seen_until: t + leaseMs })).execute();
      // Renewal: only rows that still name us; a lease someone else took over is simply not renewed.
      await db.updateTable('broker_partition').set({ lease_until: t + leaseMs })
        .where('owner', '=', owner).where('partition', '<', partitions).execute();

      const rows = await db.selectFrom('broker_partition').select(['partition', 'owner', 'lease_until'])
        .where('partition', '<', partitions).orderBy('partition').execute();
      const workers = await db.selectFrom('broker_worker').select('owner').where('seen_until', '>=', t).execute();
      const live = new Set<string>([owner, ...workers.map((w) => w.owner)]);
      for (const r of rows) if (r.owner !== null && r.lease_until >= t) live.add(r.owner);
      const share = Math.ceil(partitions / live.size);

      const mine = rows.filter((r) => r.owner === owner).map((r) => r.partition);
      const owned = new Set(mine);
      if (mine.length > share) {
        for (const p of mine.slice(share)) {
          await release(p);
          owned.delete(p);
        }
      } else {
        const free = rows.filter((r) => r.owner !== owner && (r.owner === null || r.lease_until < t));
        for (const r of free) {
          if (owned.size >= share) break;
          if (await claim(r.partition, t)) owned.add(r.partition);
        }
      }

      const acquired = [...owned].filter((p) => !held.has(p)).sort((a, b) => a - b);
      const lost = [...held].filter((p) => !owned.has(p)).sort((a, b) => a - b);
      held = owned;
      return { acquired, lost, owned: [...owned].sort((a, b) => a - b) };
    },

    async commitSeq(trx, partition, seq) {
      // Never moves the offset backwards (a replayed batch), and writes only while the row names us.
      const r = await trx.updateTable('broker_partition')
        .set({ committed_seq: sql<number>`case when committed_seq < ${seq} then ${seq} else committed_seq end` })
        .where('partition', '=', partition)
        .where('owner', '=', owner)
        .executeTakeFirst();
      // The next rebalance reports the partition as lost; the caller's transaction rolls back now.
      if (Number(r.numUpdatedRows) !== 1) throw new LeaseLostError(partition, owner);
    },

    async committedSeq(partition) {
      const row = await db.selectFrom('broker_partition').select('committed_seq').where('partition', '=', partition).executeTakeFirst();
      return row?.committed_seq ?? 0;
    },

    async releaseAll() {
      await db.updateTable('broker_partition').set({ owner: null, lease_until: 0 }).where('owner', '=', owner).execute();
      await db.deleteFrom('broker_worker').where('owner', '=', owner).execute();
      held = new Set();
    },
  };
}
