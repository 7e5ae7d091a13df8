import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBroker, type Broker } from '../broker/nats-connection.js';
import { createPartitionLeases, LeaseLostError } from '../broker/partition-leases.js';
import { createPositionPublisher, ensurePositionStream, partitionOf, type PositionPublisher } from '../broker/position-stream.js';
import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';
import { createTelemetry, type Telemetry } from '../telemetry/telemetry.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { commitOffsetsTo, startPositionWorker, type PositionWorker } from './position-worker.js';

const PARTITIONS = 8;
/** Short enough that a crashed worker's partitions move within seconds. */
const LEASE_MS = 1500;

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One worker process: its own leases, pipeline and device cache, as a separate process would have. */
type Node = { worker: PositionWorker; telemetry: Telemetry; problems: unknown[] };

// Scale mode is PostgreSQL-only: leases and offsets are committed with the positions there.
describe.skipIf(!process.env.TEST_NATS_URL || !process.env.TEST_DATABASE_URL)('position workers', () => {
  const id = crypto.randomBytes(4).toString('hex');
  const names = { stream: `TEST_WORKER_${id}`, subjectPrefix: `test.${id}.pos` };
  const T0 = Date.now() - 6 * 3600_000;
  let app: TestApp;
  let broker: Broker;
  let publisher: PositionPublisher;
  let numbers: string[] = [];
  let spare = '';
  /** Per partition, the stream sequence of the last message published to it. */
  const lastSeq = new Map<number, number>();
  /** Fixes published per device so far. */
  let sent = 0;
  const nodes: Node[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    broker = await connectBroker(process.env.TEST_NATS_URL!, `position-worker-test-${id}`);
    await ensurePositionStream(broker.jsm, { partitions: PARTITIONS, ...names });
    publisher = createPositionPublisher(broker.js, PARTITIONS, names);
    // Wired devices: only they mark a fix older than their newest in derive_pending.
    const wired = await app.db.selectFrom('device').select('device_number').where('kind', '=', 1).where('car_id', 'is not', null)
      .orderBy('id').limit(41).execute();
    numbers = wired.slice(0, 40).map((d) => d.device_number);
    spare = wired[40]!.device_number;
  });
  afterAll(async () => {
    for (const n of nodes) await n.worker.stop().catch(() => undefined);
    for (const n of nodes) n.telemetry.lateFixes.stop();
    await broker?.jsm.streams.delete(names.stream).catch(() => undefined);
    await broker?.close();
    await app?.close();
  });

  async function startNode(
    owner: string,
    o: { leaseMs?: number; failCommits?: number; releasesOnStop?: boolean; commitDelayMs?: number } = {},
  ): Promise<Node> {
    const leases = createPartitionLeases(app.db, { owner, partitions: PARTITIONS, leaseMs: o.leaseMs ?? LEASE_MS });
    const commit = commitOffsetsTo(leases);
    let failures = o.failCommits ?? 0;
    const telemetry = createTelemetry(app.handle, Date.now, {
      commitOffsets: async (tx, offsets) => {
        if (failures-- > 0) throw new Error('connection terminated unexpectedly');
        // A slow transaction: a worker's pipeline is then nearly always in the middle of one.
        if (o.commitDelayMs) await new Promise((r) => setTimeout(r, o.commitDelayMs));
        await commit(tx, offsets);
      },
    });
    const problems: unknown[] = [];
    const noted = (obj: { err?: unknown }) => problems.push(obj.err);
    const worker = await startPositionWorker({
      js: broker.js, partitions: PARTITIONS, names, leaseMs: o.leaseMs ?? LEASE_MS,
      // A crash, as far as the other workers can tell: it stops renewing and never gives its leases back.
      leases: o.releasesOnStop === false ? { ...leases, releaseAll: async () => undefined } : leases,
      pipeline: telemetry.pipeline, devices: telemetry.devices,
      log: { debug: () => undefined, info: () => undefined, warn: noted, error: noted },
    });
    const node = { worker, telemetry, problems };
    nodes.push(node);
    return node;
  }

  const fix = (deviceNumber: string, k: number): IncomingPosition => ({
    deviceNumber, gpsTime: T0 + k * 10_000, lng: 120.15 + k * 0.0005, lat: 30.28, speed: 30, direction: 90, altitude: 12, acc: 1,
  });

  /** Fixes `from`…`to - 1` of each device, in order per device, in messages of one to three fixes. */
  async function publish(devices: string[], from: number, to: number): Promise<void> {
    await Promise.all(devices.map(async (n) => {
      for (let k = from; k < to;) {
        const size = Math.min(1 + (k % 3), to - k);
        const fixes = Array.from({ length: size }, (_, i) => fix(n, k + i));
        const ack = await publisher.publish(n, fixes, `${id}-${n}-${k}`);
        const p = partitionOf(n, PARTITIONS);
        lastSeq.set(p, Math.max(ack.seq, lastSeq.get(p) ?? 0));
        k += size;
      }
    }));
  }

  /** Publishes a fix of every device at a time until stopped: positions in flight through a handover. */
  function keepPublishing(): { stop: () => Promise<void> } {
    let on = true;
    const loop = (async () => {
      while (on) {
        await publish(numbers, sent, sent + 1);
        sent += 1;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    return { stop: async () => { on = false; await loop; } };
  }

  async function storedCount(devices: string[]): Promise<number> {
    const r = await app.db.selectFrom('position as p').innerJoin('device as d', 'd.id', 'p.device_id')
      .select((eb) => eb.fn.countAll<number>().as('n')).where('d.device_number', 'in', devices).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Every device has exactly `fixes` positions, each derived once from the state its predecessor left
   * (ignition time counts each 10 s gap once; stale device state would count a longer one), in order;
   * every partition's offset is its last message.
   */
  async function expectStoredInOrder(fixes: number): Promise<void> {
    const rows = await app.db.selectFrom('device as d')
      .innerJoin('device_status as s', 's.device_id', 'd.id')
      .select((eb) => [
        'd.device_number', 's.last_time',
        eb.selectFrom('position as p').select((e) => e.fn.countAll<number>().as('n')).whereRef('p.device_id', '=', 'd.id').as('stored'),
        eb.selectFrom('device_daily as dd').select((e) => e.fn.sum<number>('dd.fixes').as('f')).whereRef('dd.device_id', '=', 'd.id').as('derived'),
        eb.selectFrom('device_daily as dd').select((e) => e.fn.sum<number>('dd.acc_on_ms').as('a')).whereRef('dd.device_id', '=', 'd.id').as('accOnMs'),
      ])
      .where('d.device_number', 'in', numbers).orderBy('d.device_number').execute();
    expect(rows.map((r) => [r.device_number, Number(r.stored), Number(r.derived), Number(r.accOnMs), r.last_time]))
      .toEqual([...numbers].sort().map((n) => [n, fixes, fixes, (fixes - 1) * 10_000, fix(n, fixes - 1).gpsTime]));
    // A fix handled after a newer one of its device would have marked the device for a replay.
    expect(await app.db.selectFrom('derive_pending').selectAll().execute()).toEqual([]);
    const offsets = await app.db.selectFrom('broker_partition').select(['partition', 'committed_seq']).orderBy('partition').execute();
    expect(offsets).toEqual(Array.from({ length: PARTITIONS }, (_, partition) => ({ partition, committed_seq: lastSeq.get(partition) ?? 0 })));
  }

  const total = (key: 'stored' | 'duplicates') => nodes.reduce((sum, n) => sum + n.telemetry.pipeline.stats[key], 0);

  let w1: Node;
  let w2: Node;

  it('split the partitions and store every position once, in order, even past a failed commit', async () => {
    expect(numbers).toHaveLength(40);
    // w1's first commit fails as a dropped database connection would: that batch must be retried, not skipped.
    w1 = await startNode('w1', { failCommits: 1, commitDelayMs: 20 });
    expect(w1.worker.owned()).toHaveLength(PARTITIONS);
    // w1 alone first: it then holds state of every device, and must let go of the state of those it hands over.
    await publish(numbers, 0, 10);
    sent = 10;
    await until('400 positions', async () => (await storedCount(numbers)) === 400);
    expect(w1.problems.map(String)).toContain('Error: connection terminated unexpectedly');
    expect(w1.telemetry.pipeline.stats.failedBatches).toBe(1);

    // w2 joins while positions flow: w1 hands half its partitions over with batches of them in flight.
    const flow = keepPublishing();
    w2 = await startNode('w2', { releasesOnStop: false, commitDelayMs: 20 });
    await until('a 4/4 split', () => w1.worker.owned().length === 4 && w2.worker.owned().length === 4);
    expect([...w1.worker.owned(), ...w2.worker.owned()].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await until('both workers to store after the split', () => w2.telemetry.pipeline.stats.stored > 0);
    await flow.stop();

    await until('every position', async () => (await storedCount(numbers)) === 40 * sent);
    await expectStoredInOrder(sent);
    // A clean handover costs no batch: nothing failed but the one commit made to fail above.
    expect(w1.telemetry.pipeline.stats.failedBatches).toBe(1);
    expect(w2.telemetry.pipeline.stats.failedBatches).toBe(0);
    expect([...w1.problems, ...w2.problems].map(String).filter((e) => e !== 'Error: connection terminated unexpectedly')).toEqual([]);
    expect(total('stored')).toBe(40 * sent);
    expect(total('duplicates')).toBe(0);
  });

  it('move a crashed worker\'s partitions to the survivor, which resumes at the committed offsets', async () => {
    await w2.worker.stop();
    await publish(numbers, sent, sent + 25);
    sent += 25;
    await until('the survivor to hold every partition', () => w1.worker.owned().length === PARTITIONS);
    await until('every position', async () => (await storedCount(numbers)) === 40 * sent);
    await expectStoredInOrder(sent);
    expect(total('stored')).toBe(40 * sent);
    expect(total('duplicates')).toBe(0);
    await w1.worker.stop();
  });

  it('roll back the batch of a worker whose partition was taken, and let the owner store it', async () => {
    // Long leases: no round runs during the test, so the stale worker still believes it holds the partition.
    const stale = await startNode('stale', { leaseMs: 60_000 });
    expect(stale.worker.owned()).toHaveLength(PARTITIONS);
    const p = partitionOf(spare, PARTITIONS);
    await app.db.updateTable('broker_partition').set({ owner: 'owner', lease_until: Date.now() + 60_000 }).where('partition', '=', p).execute();

    await publish([spare], 0, 5);
    await until('the stale worker to fail its commit', () => stale.problems.some((e) => e instanceof LeaseLostError));
    expect(await storedCount([spare])).toBe(0);
    expect(stale.telemetry.pipeline.stats.stored).toBe(0);

    const owner = await startNode('owner', { leaseMs: 60_000 });
    expect(owner.worker.owned()).toEqual([p]);
    await until('the owner to store them', async () => (await storedCount([spare])) === 5);
    expect(owner.telemetry.pipeline.stats.stored).toBe(5);
    const committed = await app.db.selectFrom('broker_partition').select('committed_seq').where('partition', '=', p).executeTakeFirstOrThrow();
    expect(committed.committed_seq).toBe(lastSeq.get(p));
    await owner.worker.stop();
    await stale.worker.stop();
  });
});
