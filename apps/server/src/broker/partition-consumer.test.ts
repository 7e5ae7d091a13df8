import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';
import { openTestDatabase } from '../test/test-database.js';
import { connectBroker, type Broker } from './nats-connection.js';
import { consumePartition, type PositionMessage } from './partition-consumer.js';
import { createPartitionLeases } from './partition-leases.js';
import { createPositionPublisher, ensurePositionStream, partitionOf, type PositionPublisher } from './position-stream.js';

const PARTITIONS = 4;
const fix = (deviceNumber: string, gpsTime: number): IncomingPosition => ({
  deviceNumber, gpsTime, lng: 120.15, lat: 30.28, speed: 10, direction: 0, altitude: 0, acc: 1,
});

async function until(what: string, cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!process.env.TEST_NATS_URL)('partition consumer', () => {
  const id = crypto.randomBytes(4).toString('hex');
  const names = { stream: `TEST_CONS_${id}`, subjectPrefix: `test.${id}.pos` };
  let broker: Broker;
  let handle: DatabaseHandle;
  let publisher: PositionPublisher;
  // Devices of partition 0 and of others, so the filter is exercised too.
  const numbers = Array.from({ length: 40 }, (_, i) => String(13_800_000_000 + i));
  const mine = numbers.filter((n) => partitionOf(n, PARTITIONS) === 0);
  const expected: number[] = [];
  let clock = 0;

  async function publishRound(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      clock += 1000;
      const n = numbers[i % numbers.length]!;
      const ack = await publisher.publish(n, [fix(n, 1_700_000_000_000 + clock)], `${id}-${clock}`);
      if (partitionOf(n, PARTITIONS) === 0) expected.push(ack.seq);
    }
  }

  beforeAll(async () => {
    expect(mine.length).toBeGreaterThan(3);
    broker = await connectBroker(process.env.TEST_NATS_URL!, 'partition-consumer-test');
    await ensurePositionStream(broker.jsm, { partitions: PARTITIONS, ...names });
    publisher = createPositionPublisher(broker.js, PARTITIONS, names);
    handle = await openTestDatabase();
    await publishRound(120);
  });
  afterAll(async () => {
    await broker.jsm.streams.delete(names.stream).catch(() => undefined);
    await broker.close();
    await handle.close();
  });

  it('delivers the partition in order from a given start sequence', async () => {
    const got: PositionMessage[] = [];
    const start = expected[5]!;
    const c = await consumePartition(broker.js, {
      ...names, partition: 0, fromSeq: start, maxBatch: 7,
      handle: async (batch) => { got.push(...batch); },
      onError: (err) => { throw err; },
    });
    await until('the backlog', () => got.length >= expected.length - 5);
    await c.stop();
    expect(got.map((m) => m.seq)).toEqual(expected.slice(5));
    for (const m of got) {
      expect(partitionOf(m.deviceNumber, PARTITIONS)).toBe(0);
      expect(m.positions[0]!.deviceNumber).toBe(m.deviceNumber);
    }
  });

  it('hands one batch at a time, and resumes after stop() from the committed seq without gaps or repeats', async () => {
    const leases = createPartitionLeases(handle.db, { owner: `consumer-${id}`, partitions: PARTITIONS });
    expect((await leases.rebalance()).owned).toContain(0);
    const seen: number[] = [];
    const batchSizes: number[] = [];
    let inHandle = false;
    let overlapped = false;
    const run = async () => consumePartition(broker.js, {
      ...names, partition: 0, fromSeq: (await leases.committedSeq(0)) + 1, maxBatch: 4,
      handle: async (batch) => {
        overlapped ||= inHandle;
        inHandle = true;
        batchSizes.push(batch.length);
        await new Promise((r) => setTimeout(r, 5));
        // The positions and the offset would be written in this one transaction.
        await handle.db.transaction().execute((trx) => leases.commitSeq(trx, 0, batch[batch.length - 1]!.seq));
        seen.push(...batch.map((m) => m.seq));
        inHandle = false;
      },
      onError: (err) => { throw err; },
    });

    const first = await run();
    await until('some batches', () => seen.length >= 6);
    await first.stop();
    expect(inHandle).toBe(false);
    const stoppedAt = seen.length;
    expect(stoppedAt).toBeLessThan(expected.length);
    expect(await leases.committedSeq(0)).toBe(seen[seen.length - 1]);

    // Positions keep arriving while nobody reads; the next run picks up everything after the offset.
    await publishRound(40);
    const second = await run();
    await until('everything', () => seen.length >= expected.length);
    await second.stop();

    expect(seen).toEqual(expected);
    expect(overlapped).toBe(false);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(4);
    // Stopped consumers leave nothing behind on the server.
    expect(await broker.jsm.consumers.list(names.stream).next()).toEqual([]);
    await leases.releaseAll();
  });

  it('hands positions that arrive while it waits, and skips a message that is not a position message', async () => {
    const info = await broker.jsm.streams.info(names.stream);
    const got: PositionMessage[] = [];
    const malformed: number[] = [];
    const c = await consumePartition(broker.js, {
      ...names, partition: 0, fromSeq: info.state.last_seq + 1,
      handle: async (batch) => { got.push(...batch); },
      onError: (err) => { throw err; },
      onMalformed: (seq) => malformed.push(seq),
    });
    const bad = await broker.js.publish(`${names.subjectPrefix}.0`, new TextEncoder().encode('not json'));
    const n = mine[0]!;
    const good = await publisher.publish(n, [fix(n, 1_800_000_000_000)], `${id}-live`);
    await until('the live position', () => got.length === 1);
    await c.stop();
    expect(malformed).toEqual([bad.seq]);
    expect(got.map((m) => m.seq)).toEqual([good.seq]);
  });

  it('carries on when the server dropped its consumer between two fetches', async () => {
    // maxBatch 1 and a held handler: the pump fills the queue and stops fetching, so no pull is pending
    // when the consumer goes (as when it outlives its inactivity limit during a long database stall).
    const got: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => { release = r; });
    const c = await consumePartition(broker.js, {
      ...names, partition: 0, fromSeq: (await broker.jsm.streams.info(names.stream)).state.last_seq + 1, maxBatch: 1, idleFetchMs: 1000,
      handle: async (batch) => {
        got.push(...batch.map((m) => m.seq));
        await held;
      },
      onError: (err) => { throw err; },
    });
    const n = mine[1]!;
    const seqs: number[] = [];
    for (let i = 0; i < 3; i++) seqs.push((await publisher.publish(n, [fix(n, 1_800_000_000_000 + i * 1000)], `${id}-drop-${i}`)).seq);
    await until('the first batch', () => got.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    for (const ci of await broker.jsm.consumers.list(names.stream).next()) await broker.jsm.consumers.delete(names.stream, ci.name);
    release();
    await until('the rest', () => got.length === 3);
    await c.stop();
    expect(got).toEqual(seqs);
  });

  it('stops and reports when the handler fails, handing nothing more', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const c = await consumePartition(broker.js, {
      ...names, partition: 0, fromSeq: 1, maxBatch: 2,
      handle: async () => {
        calls += 1;
        throw new Error('database down');
      },
      onError: (err) => errors.push(err),
    });
    await c.done;
    expect(calls).toBe(1);
    expect(errors).toEqual([new Error('database down')]);
    await c.stop();
  });

  it('refuses to start on a stream that does not exist', async () => {
    await expect(consumePartition(broker.js, {
      stream: `TEST_MISSING_${id}`, subjectPrefix: names.subjectPrefix, partition: 0, fromSeq: 1,
      handle: async () => undefined, onError: () => undefined,
    })).rejects.toThrow();
  });
});
