import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';

/** Thrown by commitSeqs when this worker no longer holds the partition: its transaction must roll back. */
export class LeaseLostError extends Error {
  constructor(readonly partition: number, readonly owner: string) {
    super(`${owner} no longer holds partition ${partition}`);
    this.name = 'LeaseLostError';
  }
}

export type RebalanceResult = {
  /** Newly held, or held again under a new epoch (then also in `lost`): start consuming them. */
  acquired: number[];
  /** No longer held, or held again under a new epoch: stop consuming them. */
  lost: number[];
  /** The partitions to consume from now on. */
  owned: number[];
  /** Held beyond the fair share: stop consuming them, then `release` them. Still held until then. */
  toRelease: number[];
};

export type PartitionLeases = {
  /** Call every ~leaseMs/3; stop consuming `lost` and `toRelease`, start consuming `acquired` at resumeFrom. */
  rebalance(): Promise<RebalanceResult>;
  /** Once their consumers stopped: from now on other workers may take them. */
  release(partitions: number[]): Promise<void>;
  /**
   * Where a new consumer of the partition starts (committed seq + 1). From then on commits of the
   * partition are accepted under the epoch held now: a consumer started before it was lost and won
   * back can no longer commit, however long its last batch takes.
   */
  resumeFrom(partition: number): Promise<number>;
  /** One statement inside the caller's transaction, next to the positions; throws LeaseLostError. */
  commitSeqs(trx: Kysely<DB>, offsets: { partition: number; seq: number }[]): Promise<void>;
  commitSeq(trx: Kysely<DB>, partition: number, seq: number): Promise<void>;
  committedSeq(partition: number): Promise<number>;
  /** On a clean stop, with no batch in flight, so the survivors take the partitions at once. */
  releaseAll(): Promise<void>;
};

/**
 * Partition ownership through the database every worker already shares: no extra coordinator.
 *
 * Safety does not rest on clocks: every claim and renewal is one conditional UPDATE, so at any moment
 * one row names one owner. Each claim by a new owner raises the row's lease_epoch, and a commit writes
 * only where the row names this worker at the epoch its consumer started under: a worker whose lease
 * was taken over cannot commit, even if it won the partition back since. Clocks only decide *when* an
 * expired lease may be taken; workers' clocks should agree to well within leaseMs.
 *
 * No deadlock with a batch committing offsets: outside a batch this worker writes one row per
 * statement (renewals, claims, releases), so it never holds one partition row while waiting for
 * another, and a batch's offsets are one statement. A multi-row renewal would lock rows in whatever
 * order PostgreSQL scans them, which no ordering of the batch's updates could be sure to match.
 *
 * Fairness: each worker aims at ceil(partitions / live workers). Live workers are those that
 * heartbeated into broker_worker within leaseMs, plus every owner of an unexpired lease, plus itself.
 * A worker above that share gives up its highest partitions, once it stopped consuming them; one below
 * it claims free or expired ones. A newcomer gets its share within two rounds of the others, and a
 * dead worker's partitions go to the others once its leases expire.
 */
export function createPartitionLeases(
  db: Db,
  opts: { owner: string; partitions: number; leaseMs?: number; now?: () => number },
): PartitionLeases {
  const { owner, partitions } = opts;
  const leaseMs = opts.leaseMs ?? 10_000;
  const now = opts.now ?? Date.now;
  /** Partition → the epoch this worker holds it at, as of the last round. */
  let held = new Map<number, number>();
  /** Partition → the epoch commits are accepted under: the one its current consumer started at. */
  const fence = new Map<number, number>();
  let rowsReady = false;

  async function ensureRows(): Promise<void> {
    if (rowsReady) return;
    const rows = Array.from({ length: partitions }, (_, partition) => ({ partition, owner: null }));
    await db.insertInto('broker_partition').values(rows).onConflict((oc) => oc.column('partition').doNothing()).execute();
    rowsReady = true;
  }

  async function renew(partition: number, t: number): Promise<boolean> {
    const r = await db.updateTable('broker_partition').set({ lease_until: t + leaseMs })
      .where('partition', '=', partition).where('owner', '=', owner).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The only way a partition becomes this worker's: it is free or expired. Answers its new epoch. */
  async function claim(partition: number, t: number): Promise<number | null> {
    const row = await db.updateTable('broker_partition')
      .set({ owner, lease_until: t + leaseMs, lease_epoch: sql<number>`${sql.ref('lease_epoch')} + 1` })
      .where('partition', '=', partition)
      .where((eb) => eb.or([eb('owner', 'is', null), eb.and([eb('owner', '<>', owner), eb('lease_until', '<', t)])]))
      .returning('lease_epoch')
      .executeTakeFirst();
    return row?.lease_epoch ?? null;
  }

  async function commitSeqs(trx: Kysely<DB>, offsets: { partition: number; seq: number }[]): Promise<void> {
    const latest = new Map<number, number>();
    for (const o of offsets) latest.set(o.partition, Math.max(o.seq, latest.get(o.partition) ?? 0));
    if (latest.size === 0) return;
    const targets = [...latest].map(([partition, seq]) => ({ partition, seq, epoch: fence.get(partition) }));
    const unheld = targets.find((o) => o.epoch === undefined);
    if (unheld) throw new LeaseLostError(unheld.partition, owner);

    // Never moves an offset backwards (a replayed batch), and writes only rows naming us at our epoch.
    const committed = sql.ref('committed_seq');
    const next = sql<number>`case ${sql.ref('partition')} ${sql.join(
      targets.map((o) => sql`when ${o.partition} then (case when ${committed} < ${o.seq} then ${o.seq} else ${committed} end)`),
      sql` `,
    )} else ${committed} end`;
    const rows = await trx.updateTable('broker_partition').set({ committed_seq: next })
      .where('owner', '=', owner)
      .where((eb) => eb.or(targets.map((o) => eb.and([eb('partition', '=', o.partition), eb('lease_epoch', '=', o.epoch!)]))))
      .returning('partition')
      .execute();
    // The next rebalance reports the partition as lost; the caller's transaction rolls back now.
    if (rows.length !== targets.length) {
      const written = new Set(rows.map((r) => r.partition));
      throw new LeaseLostError(targets.find((o) => !written.has(o.partition))!.partition, owner);
    }
  }

  async function committedSeq(partition: number): Promise<number> {
    const row = await db.selectFrom('broker_partition').select('committed_seq').where('partition', '=', partition).executeTakeFirst();
    return row?.committed_seq ?? 0;
  }

  return {
    async rebalance() {
      await ensureRows();
      const t = now();
      await db.insertInto('broker_worker').values({ owner, seen_until: t + leaseMs })
        .onConflict((oc) => oc.column('owner').doUpdateSet({ seen_until: t + leaseMs })).execute();

      const rows = await db.selectFrom('broker_partition').select(['partition', 'owner', 'lease_until', 'lease_epoch'])
        .where('partition', '<', partitions).orderBy('partition').execute();
      const workers = await db.selectFrom('broker_worker').select('owner').where('seen_until', '>=', t).execute();
      const live = new Set<string>([owner, ...workers.map((w) => w.owner)]);
      for (const r of rows) if (r.owner !== null && r.lease_until >= t) live.add(r.owner);
      const share = Math.ceil(partitions / live.size);

      // Renewal keeps the epoch: nobody else held the partition meanwhile, or the row would not name us.
      // It fails only where our lease ran out and another worker claimed it since the read.
      const holding = new Map<number, number>();
      for (const r of rows) {
        if (r.owner === owner && (await renew(r.partition, t))) holding.set(r.partition, r.lease_epoch);
      }
      let toRelease: number[] = [];
      if (holding.size > share) {
        toRelease = [...holding.keys()].slice(share);
      } else {
        for (const r of rows) {
          if (holding.size >= share) break;
          if (r.owner === owner || (r.owner !== null && r.lease_until >= t)) continue;
          const epoch = await claim(r.partition, t);
          if (epoch !== null) holding.set(r.partition, epoch);
        }
      }

      const releasing = new Set(toRelease);
      const owned = [...holding.keys()].filter((p) => !releasing.has(p)).sort((a, b) => a - b);
      const acquired = owned.filter((p) => held.get(p) !== holding.get(p));
      const lost = [...held.keys()].filter((p) => holding.get(p) !== held.get(p)).sort((a, b) => a - b);
      for (const p of lost) if (!holding.has(p)) fence.delete(p);
      // A partition held again under a new epoch keeps its old fence until its new consumer starts
      // (resumeFrom): the old consumer's batch in flight must fail rather than commit as the new owner.
      for (const [p, epoch] of holding) if (!held.has(p)) fence.set(p, epoch);
      held = holding;
      return { acquired, lost, owned, toRelease };
    },

    async release(list) {
      // One row per statement, like renewals (see above); the rows' consumers have stopped.
      for (const p of [...list].sort((a, b) => a - b)) {
        await db.updateTable('broker_partition').set({ owner: null, lease_until: 0 })
          .where('partition', '=', p).where('owner', '=', owner).execute();
        held.delete(p);
        fence.delete(p);
      }
    },

    async resumeFrom(partition) {
      const epoch = held.get(partition);
      if (epoch === undefined) throw new LeaseLostError(partition, owner);
      const from = (await committedSeq(partition)) + 1;
      fence.set(partition, epoch);
      return from;
    },

    commitSeqs,
    commitSeq: (trx, partition, seq) => commitSeqs(trx, [{ partition, seq }]),
    committedSeq,

    async releaseAll() {
      await db.updateTable('broker_partition').set({ owner: null, lease_until: 0 }).where('owner', '=', owner).execute();
      await db.deleteFrom('broker_worker').where('owner', '=', owner).execute();
      held = new Map();
      fence.clear();
    },
  };
}
