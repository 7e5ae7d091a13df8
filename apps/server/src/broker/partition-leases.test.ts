import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from '../test/test-database.js';
import { createPartitionLeases, LeaseLostError } from './partition-leases.js';

const PARTITIONS = 16;
const LEASE = 10_000;

describe('partition leases', () => {
  let handle: DatabaseHandle;
  let t = 1_700_000_000_000;
  const now = () => t;
  const leases = (owner: string) => createPartitionLeases(handle.db, { owner, partitions: PARTITIONS, leaseMs: LEASE, now });

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  async function owners() {
    const rows = await handle.db.selectFrom('broker_partition').select(['partition', 'owner']).orderBy('partition').execute();
    return rows.map((r) => r.owner);
  }

  it('split the partitions between two workers, and a dead worker\'s go to the survivor', async () => {
    const a = leases('worker-a');
    const b = leases('worker-b');

    const first = await a.rebalance();
    expect(first.owned).toHaveLength(16);
    expect(first.acquired).toHaveLength(16);

    // b counts itself, so a alone no longer has a fair share of everything; a gives half up next round.
    expect((await b.rebalance()).owned).toEqual([]);
    t += 3000;
    const aGives = await a.rebalance();
    expect(aGives.owned).toHaveLength(8);
    expect(aGives.toRelease).toHaveLength(8);
    expect(aGives.lost).toEqual([]);
    // a still holds them, and may commit their batch in flight, until it stopped consuming them.
    expect((await b.rebalance()).owned).toEqual([]);
    await handle.db.transaction().execute((trx) => a.commitSeq(trx, aGives.toRelease[0]!, 7));
    await a.release(aGives.toRelease);
    await expect(handle.db.transaction().execute((trx) => a.commitSeq(trx, aGives.toRelease[0]!, 8))).rejects.toBeInstanceOf(LeaseLostError);
    const bTakes = await b.rebalance();
    expect(bTakes.acquired).toEqual(aGives.toRelease);
    expect(bTakes.owned).toHaveLength(8);
    expect(await b.committedSeq(aGives.toRelease[0]!)).toBe(7);

    // Further rounds change nothing.
    t += 3000;
    expect(await a.rebalance()).toEqual({ acquired: [], lost: [], owned: aGives.owned, toRelease: [] });
    expect(await b.rebalance()).toEqual({ acquired: [], lost: [], owned: bTakes.owned, toRelease: [] });
    expect((await owners()).filter((o) => o === 'worker-a')).toHaveLength(8);
    expect((await owners()).filter((o) => o === 'worker-b')).toHaveLength(8);

    // b stops renewing; until its leases run out a keeps its share, then a takes all.
    t += LEASE - 1000;
    expect((await a.rebalance()).owned).toHaveLength(8);
    t += 2000;
    const aAll = await a.rebalance();
    expect(aAll.owned).toHaveLength(16);
    expect(aAll.acquired).toEqual(bTakes.owned);
    expect(await owners()).toEqual(new Array(16).fill('worker-a'));

    // b wakes up: its commit must fail and roll its transaction back, positions included.
    const p = bTakes.owned[0]!;
    const before = await a.committedSeq(p);
    const attempt = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('setting').values({ dept_id: 0, key: 'stand-in for positions', value: 'x' }).execute();
      await b.commitSeq(trx, p, before + 100);
    });
    await expect(attempt).rejects.toBeInstanceOf(LeaseLostError);
    expect(await a.committedSeq(p)).toBe(before);
    expect(await handle.db.selectFrom('setting').selectAll().where('key', '=', 'stand-in for positions').execute()).toEqual([]);

    // b's next round reports the loss; it is alive again, so a hands half back over two rounds.
    const bBack = await b.rebalance();
    expect(bBack.lost).toEqual(bTakes.owned);
    expect(bBack.owned).toEqual([]);
    await a.release((await a.rebalance()).toRelease);
    expect((await b.rebalance()).owned).toHaveLength(8);

    await a.releaseAll();
    await b.releaseAll();
    expect(await owners()).toEqual(new Array(16).fill(null));
  });

  it('commit the offset only forwards, only for the holder, and keep it for the next owner', async () => {
    const a = leases('commit-a');
    const b = leases('commit-b');
    const { owned } = await a.rebalance();
    const p = owned[0]!;
    await handle.db.transaction().execute((trx) => a.commitSeq(trx, p, 42));
    // A replayed batch must not move the offset back.
    await handle.db.transaction().execute((trx) => a.commitSeq(trx, p, 40));
    expect(await a.committedSeq(p)).toBe(42);
    await expect(handle.db.transaction().execute((trx) => b.commitSeq(trx, p, 50))).rejects.toBeInstanceOf(LeaseLostError);

    // A clean stop frees everything at once: b need not wait for the lease to run out.
    await a.releaseAll();
    const taken = await b.rebalance();
    expect(taken.owned).toHaveLength(16);
    expect(await b.committedSeq(p)).toBe(42);
    await b.releaseAll();
  });

  it('never give one partition to two workers that rebalance at the same moment', async () => {
    const workers = ['race-a', 'race-b', 'race-c'].map(leases);
    for (let round = 0; round < 4; round++) {
      const results = await Promise.all(workers.map(async (w) => {
        const r = await w.rebalance();
        await w.release(r.toRelease);
        return r;
      }));
      const all = results.flatMap((r) => r.owned);
      expect(new Set(all).size).toBe(all.length);
      t += 3000;
    }
    const counts = (await owners()).reduce<Record<string, number>>((m, o) => ({ ...m, [String(o)]: (m[String(o)] ?? 0) + 1 }), {});
    expect(Object.values(counts).every((c) => c <= 6)).toBe(true);
    for (const w of workers) await w.releaseAll();
  });

  it('commit a batch\'s offsets together, or none if one partition is no longer held', async () => {
    const a = leases('batch-a');
    const b = leases('batch-b');
    const { owned } = await a.rebalance();
    const [p, q, r] = owned as [number, number, number];
    const before = await a.committedSeq(r);
    await handle.db.transaction().execute((trx) => a.commitSeqs(trx, [{ partition: p, seq: 500 }, { partition: q, seq: 600 }]));
    expect([await a.committedSeq(p), await a.committedSeq(q)]).toEqual([500, 600]);

    // r is given up; a stale batch covering p, q and r must commit none of them.
    await a.release([r]);
    await b.rebalance();
    const attempt = handle.db.transaction().execute((trx) =>
      a.commitSeqs(trx, [{ partition: q, seq: 900 }, { partition: r, seq: 900 }, { partition: p, seq: 900 }]));
    await expect(attempt).rejects.toMatchObject({ name: 'LeaseLostError', partition: r });
    // Taken behind a's back (its fence still says it holds r): the row itself refuses the commit.
    await handle.db.updateTable('broker_partition').set({ owner: 'someone', lease_until: t + LEASE }).where('partition', '=', q).execute();
    const behindItsBack = handle.db.transaction().execute((trx) => a.commitSeqs(trx, [{ partition: p, seq: 900 }, { partition: q, seq: 900 }]));
    await expect(behindItsBack).rejects.toMatchObject({ name: 'LeaseLostError', partition: q });
    expect([await a.committedSeq(p), await a.committedSeq(q), await a.committedSeq(r)]).toEqual([500, 600, before]);

    await handle.db.updateTable('broker_partition').set({ owner: null, lease_until: 0 }).where('partition', '=', q).execute();
    await a.releaseAll();
    await b.releaseAll();
  });

  it('fence a worker that lost a partition and won it back within one round', async () => {
    const a = leases('epoch-a');
    const b = leases('epoch-b');
    const first = await a.rebalance();
    expect(first.owned).toHaveLength(16);
    const p = first.owned[0]!;
    const base = await a.committedSeq(p);
    await handle.db.transaction().execute((trx) => a.commitSeq(trx, p, base + 100));

    // A lease that ran out but nobody took is renewed under the same epoch: nothing to restart.
    t += LEASE + 1000;
    expect(await a.rebalance()).toEqual({ acquired: [], lost: [], owned: first.owned, toRelease: [] });
    await handle.db.transaction().execute((trx) => a.commitSeq(trx, p, base + 101));

    // a stalls past its lease; b takes everything, stores a little of p, and stops cleanly.
    t += LEASE + 1000;
    expect((await b.rebalance()).owned).toHaveLength(16);
    await handle.db.transaction().execute((trx) => b.commitSeq(trx, p, base + 150));
    await b.releaseAll();

    // a's next round wins p back: its old consumer (cursor at base + 101) must stop, a new one start after b's offset.
    const back = await a.rebalance();
    expect(back.owned).toHaveLength(16);
    expect(back.lost).toContain(p);
    expect(back.acquired).toContain(p);
    // The old consumer's batch, committing under the old epoch, is refused.
    await expect(handle.db.transaction().execute((trx) => a.commitSeq(trx, p, base + 120))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await a.committedSeq(p)).toBe(base + 150);
    // The new consumer commits.
    expect(await a.resumeFrom(p)).toBe(base + 151);
    await handle.db.transaction().execute((trx) => a.commitSeq(trx, p, base + 160));
    expect(await a.committedSeq(p)).toBe(base + 160);

    t += 3000;
    expect(await a.rebalance()).toEqual({ acquired: [], lost: [], owned: back.owned, toRelease: [] });
    await a.releaseAll();
  });
});
