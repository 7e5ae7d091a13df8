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
    expect(aGives.lost).toHaveLength(8);
    const bTakes = await b.rebalance();
    expect(bTakes.acquired).toEqual(aGives.lost);
    expect(bTakes.owned).toHaveLength(8);

    // Further rounds change nothing.
    t += 3000;
    expect(await a.rebalance()).toEqual({ acquired: [], lost: [], owned: aGives.owned });
    expect(await b.rebalance()).toEqual({ acquired: [], lost: [], owned: bTakes.owned });
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
    await a.rebalance();
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
      const results = await Promise.all(workers.map((w) => w.rebalance()));
      const all = results.flatMap((r) => r.owned);
      expect(new Set(all).size).toBe(all.length);
      t += 3000;
    }
    const counts = (await owners()).reduce<Record<string, number>>((m, o) => ({ ...m, [String(o)]: (m[String(o)] ?? 0) + 1 }), {});
    expect(Object.values(counts).every((c) => c <= 6)).toBe(true);
    for (const w of workers) await w.releaseAll();
  });
});
