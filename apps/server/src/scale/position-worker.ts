import type { JetStreamClient } from 'nats';
import { consumePartition, type PartitionConsumer, type PositionMessage } from '../broker/partition-consumer.js';
import type { PartitionLeases } from '../broker/partition-leases.js';
import { partitionOf, type StreamNames } from '../broker/position-stream.js';
import type { DeviceCache } from '../telemetry/pipeline/device-cache.js';
import type { PositionPipeline } from '../telemetry/pipeline/position-pipeline.js';
import type { CommitOffsets } from '../telemetry/pipeline/telemetry-store.js';

type Log = {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type PositionWorkerOptions = {
  js: JetStreamClient;
  leases: PartitionLeases;
  /** This worker's own pipeline, whose store was created with `commitOffsetsTo(leases)`. */
  pipeline: PositionPipeline;
  devices: DeviceCache;
  partitions: number;
  names?: StreamNames;
  leaseMs: number;
  maxBatch?: number;
  /**
   * Called when ownership changed, with the lost (and given up) partitions' consumers stopped and before
   * the acquired ones start. A partition lost and won back since the last round is in both lists.
   */
  onPartitionsChanged?: (owned: number[], acquired: number[], lost: number[]) => Promise<void> | void;
  log: Log;
};

export type PositionWorker = {
  owned(): number[];
  /** Messages not yet stored, per partition consumed here; a partition whose count cannot be had now is left out (metrics). */
  lag(): Promise<Map<number, number>>;
  /** Clean stop: consumers finish their batch, the pipeline drains, and the leases go back at once. */
  stop(): Promise<void>;
};

/**
 * The hook the worker's telemetry store commits offsets with: inside the batch's transaction, so a
 * partition taken over by another worker (LeaseLostError) rolls the whole batch back. All offsets in
 * one statement: committed one by one, they would hold some partition rows while waiting for others.
 */
export function commitOffsetsTo(leases: PartitionLeases): CommitOffsets {
  return (tx, offsets) => leases.commitSeqs(tx, offsets);
}

type Run = { consumer: PartitionConsumer; failed: () => boolean };

/**
 * Consumes the partitions this worker holds into its position pipeline. Each partition's consumer
 * starts at the offset committed with the positions, so a partition moving between workers (a clean
 * handover, a crash, a failed batch) resumes exactly after what was stored: nothing skipped, nothing
 * handled twice.
 */
export async function startPositionWorker(o: PositionWorkerOptions): Promise<PositionWorker> {
  const { leases, pipeline, devices, partitions, log } = o;
  const runs = new Map<number, Run>();
  let owned: number[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  /**
   * The whole batch is one submission: its positions and its offset commit in one transaction, and
   * the consumer hands the next batch only once it committed. Submitting message by message could
   * split a batch over two transactions, and a later one committing after an earlier one failed would
   * move the offset past positions never stored.
   */
  async function handle(partition: number, batch: PositionMessage[]): Promise<void> {
    const positions = batch.flatMap((m) => m.positions);
    const results = await pipeline.submit(positions, { partition, seq: batch[batch.length - 1]!.seq });
    const reasons = new Set(results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])));
    // The gateway validated them already; what is left is a device deleted meanwhile, or a clock fault.
    if (reasons.size) log.debug({ partition, reasons: [...reasons] }, 'positions from the stream not stored');
  }

  async function start(partition: number): Promise<void> {
    let failed = false;
    const consumer = await consumePartition(o.js, {
      ...o.names, partition, maxBatch: o.maxBatch,
      fromSeq: await leases.resumeFrom(partition),
      handle: (batch) => handle(partition, batch),
      onError: (err) => {
        failed = true;
        log.warn({ partition, err }, 'position batch not committed; the partition resumes from its committed offset next round');
      },
      onMalformed: (seq, err) => log.warn({ partition, seq, err }, 'skipped a stream message that is not a position message'),
    });
    runs.set(partition, { consumer, failed: () => failed });
  }

  /**
   * Also before a restart after a failure: the failure may have been a lease lost and won back, while
   * another worker advanced these devices. Reloading them from the database is cheap.
   */
  async function retire(partition: number): Promise<void> {
    await runs.get(partition)?.consumer.stop();
    runs.delete(partition);
    devices.forgetWhere((entry) => partitionOf(entry.number, partitions) === partition);
  }

  async function rebalance(): Promise<void> {
    const r = await leases.rebalance();
    owned = r.owned;
    await Promise.all(r.lost.map(retire));
    // Stopped first, each after its batch in flight committed, and only then free for another worker:
    // released before, that batch would fail its commit and roll back the other partitions in it too.
    await Promise.all(r.toRelease.map(retire));
    await leases.release(r.toRelease);
    const lost = [...new Set([...r.lost, ...r.toRelease])].sort((a, b) => a - b);
    if (r.acquired.length || lost.length) {
      log.info({ owned: r.owned, acquired: r.acquired, lost }, 'position partitions changed hands');
      try {
        await o.onPartitionsChanged?.(r.owned, r.acquired, lost);
      } catch (err) {
        log.error({ err, acquired: r.acquired, lost }, 'handling a change of partitions failed');
      }
    }
    // Acquired partitions, failed consumers, and consumers that could not start last time.
    for (const p of r.owned) {
      const run = runs.get(p);
      if (run && !run.failed()) continue;
      try {
        if (run) await retire(p);
        await start(p);
      } catch (err) {
        log.warn({ partition: p, err }, 'could not start consuming a partition; retrying next round');
      }
    }
  }

  async function round(): Promise<void> {
    try {
      await rebalance();
    } catch (err) {
      // Leases not renewed in time simply expire; the survivors take them, and this worker hears so next round.
      log.warn({ err }, 'partition rebalance failed; retrying next round');
    }
    if (!stopped) timer = setTimeout(() => void (rounding = round()), o.leaseMs / 3);
  }

  let rounding = round();
  await rounding;

  return {
    owned: () => [...owned],
    async lag() {
      const counts = await Promise.all([...runs].map(([p, r]) => r.consumer.backlog().then((n) => [p, n] as const, () => null)));
      return new Map(counts.filter((c) => c !== null));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await rounding;
      await Promise.all([...runs.values()].map((r) => r.consumer.stop()));
      runs.clear();
      await pipeline.drain();
      await leases.releaseAll();
      owned = [];
    },
  };
}
