// npm run bench:scale — scale mode's position workers: positions/s stored by 2 worker processes next
// to 1 worker process, measured in the same run, each draining the same backlog of single-fix
// messages from NATS JetStream into PostgreSQL; and positions per CPU-second of the worker processes,
// the "per worker core" figure for a machine whose cores PostgreSQL and NATS share. Results:
// docs/benchmarks.md.
//
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and NATS with
// JetStream (BENCH_NATS_URL, default nats://127.0.0.1:4222). The backlog is published once into a
// stream of its own prefix; every run drains all of it into a fresh schema (demo seed), whose
// broker_partition rows start at offset 0. Workers only read the stream (ordered consumers, offsets in
// the database), so each run gets the same input and nothing of an earlier run. Schemas and the stream
// are removed at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { connectBroker, type Broker } from '../apps/server/src/broker/nats-connection.js';
import { createPositionPublisher, ensurePositionStream, partitionOf } from '../apps/server/src/broker/position-stream.js';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { seedDemo } from '../apps/server/src/demo/seed-demo.js';
import { scaleNames } from '../apps/server/src/roles/scale-setup.js';
import type { IncomingPosition } from '../apps/server/src/telemetry/pipeline/incoming.js';
import { startRoleProcess, type RoleProcess } from '../apps/server/src/test/role-process.js';
import { openTestDatabase } from '../apps/server/src/test/test-database.js';
import { cpuSeconds, fmt } from './lib.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const POSITIONS = Number(process.env.BENCH_SCALE_POSITIONS ?? 300_000);
const DEVICES = Number(process.env.BENCH_SCALE_DEVICES ?? 2000);
const PARTITIONS = Number(process.env.BENCH_SCALE_PARTITIONS ?? 16);
/** Short, as in the scale cluster test: workers run a lease round every third of it. */
const LEASE_S = Number(process.env.BENCH_SCALE_LEASE_S ?? 2);
/** Worker counts of one round, one run each; the first is the baseline of the ratios. */
const COUNTS = (process.env.BENCH_SCALE_WORKERS ?? '1,2').split(',').map(Number);
/** Rounds of COUNTS, interleaved (1, 2, 1, 2): the machine's other load changes by the minute. */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 2);
/** Publishes in flight while the backlog is loaded. */
const PUBLISH_WINDOW = 1000;
const POLL_MS = 100;
/** Seconds between fixes of one device. */
const FIX_GAP_MS = 10_000;
/** Until the workers are started, every partition is held under this name (see holdPartitions). */
const HOLD_OWNER = 'bench-hold';
const TICKS = 100;

type CpuSnapshot = { workers: Map<number, number>; postgres: Map<number, number>; nats: Map<number, number>; machineBusy: number; self: number };

type Schema = { handle: DatabaseHandle; schema: string; devices: { id: number; device_number: string }[] };
/** The published backlog: its stream's names and, per partition, the stream sequences of its messages. */
type Backlog = { prefix: string; seqs: number[][]; devices: string[]; total: number };

type RunResult = {
  workers: number;
  stored: number;
  /** From the first position a worker queued to the last commit. */
  seconds: number;
  /** From freeing the partitions to the last commit: what the CPU figures cover. */
  window: number;
  /** Positions/s from 10 % to 90 % stored: without the workers' cold start and the last partitions' tail. */
  steady: number;
  workerCpu: number;
  perWorker: { pid: number; partitions: number; positions: number; cpu: number; stderr: string }[];
  postgresCpu: number;
  natsCpu: number;
  machineBusy: number;
  benchCpu: number;
  leaseChurn: number;
  /** Seconds between the first and the last worker queuing its first position. */
  startGap: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds of every process whose command name is `comm` (all of PostgreSQL's backends, the NATS server). */
function cpuByName(comm: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== comm) continue;
      out.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // Exited meanwhile.
    }
  }
  return out;
}

/** Busy CPU seconds of the whole machine (all cores) so far, from /proc/stat. */
function machineBusySeconds(): number {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - n[3]! - n[4]!) / TICKS;
}

function snapshot(workers: RoleProcess[]): CpuSnapshot {
  return {
    workers: new Map(workers.map((w) => [w.child.pid!, cpuSeconds(w.child.pid!)])),
    postgres: cpuByName('postgres'),
    nats: cpuByName('nats-server'),
    machineBusy: machineBusySeconds(),
    self: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage()),
  };
}

/** CPU used between two snapshots; processes started meanwhile count from zero, ended ones are lost. */
function used(before: Map<number, number>, after: Map<number, number>): number {
  let s = 0;
  for (const [pid, cpu] of after) s += cpu - (before.get(pid) ?? 0);
  return s;
}

/**
 * Every partition is held under a placeholder owner until all workers of the run have started, then
 * freed at once. Without it the first worker to finish starting claims all partitions (it sees no
 * other worker yet) and hands half of them over only a lease round later, so the run would measure
 * that start-up rather than two workers draining.
 */
async function holdPartitions(handle: DatabaseHandle): Promise<void> {
  const rows = Array.from({ length: PARTITIONS }, (_, partition) => ({ partition, owner: HOLD_OWNER, lease_until: Date.now() + 3600_000 }));
  await handle.db.insertInto('broker_partition').values(rows).execute();
}

/** One fix per message, round-robin over the devices, gps times increasing; recent whole seconds. */
function backlog(devices: string[], total: number): IncomingPosition[] {
  const rounds = Math.ceil(total / devices.length);
  const start = Math.floor(Date.now() / 1000) * 1000 - (rounds + 6) * FIX_GAP_MS;
  const out: IncomingPosition[] = [];
  for (let k = 0; k < total; k++) {
    const i = k % devices.length;
    const j = Math.floor(k / devices.length);
    out.push({
      deviceNumber: devices[i]!, gpsTime: start + j * FIX_GAP_MS,
      lng: 120.1 + (i % 40) * 0.01 + j * 0.0005, lat: 30.2 + Math.floor(i / 40) * 0.005,
      speed: 18, direction: 90, altitude: 20, acc: 1, mileageKm: 1000 + j * 0.05, satellites: 12, signal: 25, fixType: 1, alarmWord: 0, statusWord: 0b11,
    });
  }
  return out;
}

/** A progress line that the next one overwrites; `last` ends it. */
function line(s: string, last = false): void {
  process.stdout.write(`\r  ${s.padEnd(96)}${last ? '\n' : ''}`);
}

/** When `stored` passed `n`, by linear interpolation between polls. */
function timeAt(samples: { t: number; stored: number }[], n: number): number {
  const i = samples.findIndex((s) => s.stored >= n);
  const b = samples[i]!;
  const a = samples[i - 1] ?? b;
  return b.stored === a.stored ? b.t : a.t + ((n - a.stored) / (b.stored - a.stored)) * (b.t - a.t);
}

function steadyRate(samples: { t: number; stored: number }[], total: number): number {
  const from = 0.1 * total;
  const to = 0.9 * total;
  return ((to - from) * 1000) / (timeAt(samples, to) - timeAt(samples, from));
}

/** A fresh schema with the demo organisation; its first DEVICES devices fitted to cars carry the backlog. */
async function freshSchema(): Promise<Schema> {
  const handle = await openTestDatabase();
  try {
    await seedDemo(handle.db, { now: Date.now() });
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]!.s;
    const devices = await handle.db.selectFrom('device').select(['id', 'device_number']).where('car_id', 'is not', null).orderBy('id').limit(DEVICES).execute();
    return { handle, schema, devices };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** One single-fix message per position, published by the gateway's own publisher before any worker runs. */
async function publishBacklog(broker: Broker, prefix: string, devices: string[]): Promise<Backlog> {
  const names = scaleNames(prefix).positions;
  await ensurePositionStream(broker.jsm, { partitions: PARTITIONS, ...names });
  const publisher = createPositionPublisher(broker.js, PARTITIONS, names);
  const positions = backlog(devices, POSITIONS);
  const seqs: number[][] = Array.from({ length: PARTITIONS }, () => []);
  const started = performance.now();
  let next = 0;
  let acked = 0;
  await Promise.all(Array.from({ length: PUBLISH_WINDOW }, async () => {
    while (next < positions.length) {
      const k = next++;
      const p = positions[k]!;
      const ack = await publisher.publish(p.deviceNumber, [p], `${prefix}:${k}`);
      seqs[partitionOf(p.deviceNumber, PARTITIONS)]!.push(ack.seq);
      if (++acked % 10_000 === 0) line(`published ${fmt(acked)} / ${fmt(positions.length)}`);
    }
  }));
  for (const s of seqs) s.sort((a, b) => a - b);
  line(`published ${fmt(acked)} single-fix messages of ${fmt(devices.length)} devices in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
    `(${PARTITIONS} partitions of ${fmt(Math.min(...seqs.map((s) => s.length)))}–${fmt(Math.max(...seqs.map((s) => s.length)))} messages)`, true);
  return { prefix, seqs, devices, total: positions.length };
}

/** Starts `workerCount` worker processes on `db` and times them draining the whole backlog; closes `db`. */
async function drain(workerCount: number, db: Schema, b: Backlog): Promise<RunResult> {
  const { handle } = db;
  const workers: RoleProcess[] = [];
  try {
    const numbers = new Set(db.devices.map((d) => d.device_number));
    if (b.devices.some((n) => !numbers.has(n))) throw new Error('this schema lacks devices of the backlog (the demo seed changed?)');
    const ids = db.devices.map((d) => d.id);
    const storedRows = async () =>
      Number((await handle.db.selectFrom('position').select((e) => e.fn.countAll().as('n')).where('device_id', 'in', ids).executeTakeFirstOrThrow()).n);
    const before = await storedRows();
    await holdPartitions(handle);

    const env = {
      DATABASE_URL: `${DATABASE_URL}${DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${db.schema}`)}`,
      NATS_URL, NATS_PREFIX: b.prefix, NATS_PARTITIONS: String(PARTITIONS), WORKER_LEASE_SECONDS: String(LEASE_S), LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), 'cvrisk-bench-unused'),
    };
    console.log(`  starting ${workerCount} worker process${workerCount > 1 ? 'es' : ''}…`);
    workers.push(...(await Promise.all(Array.from({ length: workerCount }, () => startRoleProcess('worker', env)))));
    // Every worker heartbeated, so each sees the others in its first round after the partitions are freed.
    for (;;) {
      const live = await handle.db.selectFrom('broker_worker').select('owner').where('seen_until', '>=', Date.now()).execute();
      if (live.length >= workerCount) break;
      await sleep(50);
    }

    const cpu0 = snapshot(workers);
    await handle.db.updateTable('broker_partition').set({ owner: null, lease_until: 0 }).where('owner', '=', HOLD_OWNER).execute();
    const released = performance.now();
    const releasedAt = Date.now();
    const total = b.total;
    /** Stored positions, exactly: offsets are committed in the same transaction as the positions they cover. */
    const committed = async () => {
      const rows = await handle.db.selectFrom('broker_partition').select(['partition', 'committed_seq']).execute();
      let n = 0;
      for (const r of rows) {
        const s = b.seqs[r.partition] ?? [];
        let lo = 0;
        let hi = s.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (s[mid]! <= r.committed_seq) lo = mid + 1;
          else hi = mid;
        }
        n += lo;
      }
      return n;
    };
    let stored = 0;
    let lastPrint = released;
    let lastStored = 0;
    let lastChange = released;
    const samples: { t: number; stored: number }[] = [{ t: released, stored: 0 }];
    while (stored < total) {
      await sleep(POLL_MS);
      stored = await committed();
      const t = performance.now();
      samples.push({ t, stored });
      if (stored !== lastStored) lastChange = t;
      if (t - lastPrint >= 1000 || stored >= total) {
        line(`stored ${fmt(stored)} / ${fmt(total)}  ${fmt(((stored - lastStored) * 1000) / (t - lastPrint))}/s  (${((t - released) / 1000).toFixed(1)} s)`);
        lastPrint = t;
        lastStored = stored;
      }
      if (t - lastChange > 60_000) throw new Error(`no progress for 60 s at ${stored} / ${total}:\n${workers.map((w) => w.stderr()).join('\n')}`);
      const dead = workers.find((w) => w.child.exitCode !== null || w.child.signalCode !== null);
      if (dead) throw new Error(`worker ${dead.child.pid} exited:\n${dead.stderr()}`);
    }
    const end = Date.now();
    const cpu1 = snapshot(workers);
    process.stdout.write('\n');

    // From the first position queued by a worker (its received_at) to the poll that saw the last commit.
    const first = Number((await handle.db.selectFrom('position').select((e) => e.fn.min('received_at').as('t')).where('device_id', 'in', ids).executeTakeFirstOrThrow()).t);
    const seconds = (end - first) / 1000;
    const rows = (await storedRows()) - before;
    if (rows !== total) throw new Error(`offsets say ${total} positions are stored, the position table has ${rows}`);

    const owners = await handle.db.selectFrom('broker_partition').select(['partition', 'owner', 'lease_epoch']).execute();
    // When each worker queued its first position: how far apart their first lease rounds after the release were.
    const firsts = await handle.db.selectFrom('position').select(['device_id', (e) => e.fn.min('received_at').as('t')]).where('device_id', 'in', ids).groupBy('device_id').execute();
    const partitionOfId = new Map(db.devices.map((d) => [d.id, partitionOf(d.device_number, PARTITIONS)]));
    const ownerOf = new Map(owners.map((o) => [o.partition, o.owner]));
    const startOf = new Map<string, number>();
    for (const f of firsts) {
      const o = ownerOf.get(partitionOfId.get(f.device_id)!) ?? '';
      startOf.set(o, Math.min(startOf.get(o) ?? Infinity, Number(f.t)));
    }
    const startGap = (Math.max(...startOf.values()) - Math.min(...startOf.values())) / 1000;
    const perWorker = workers.map((w) => {
      const mine = owners.filter((o) => o.owner && new RegExp(`-${w.child.pid}-[a-z0-9]+$`).test(o.owner));
      return {
        pid: w.child.pid!, partitions: mine.length,
        positions: mine.reduce((n, o) => n + (b.seqs[o.partition]?.length ?? 0), 0),
        cpu: cpu1.workers.get(w.child.pid!)! - cpu0.workers.get(w.child.pid!)!,
        stderr: w.stderr(),
      };
    });
    return {
      workers: workerCount, stored: rows, seconds, window: (end - releasedAt) / 1000, steady: steadyRate(samples, total),
      workerCpu: perWorker.reduce((s, w) => s + w.cpu, 0), perWorker,
      postgresCpu: used(cpu0.postgres, cpu1.postgres), natsCpu: used(cpu0.nats, cpu1.nats),
      machineBusy: cpu1.machineBusy - cpu0.machineBusy, benchCpu: cpu1.self - cpu0.self,
      leaseChurn: owners.filter((o) => o.lease_epoch > 1).length, startGap,
    };
  } finally {
    await Promise.all(workers.map((w) => w.kill()));
    await handle.close();
  }
}

const rate = (r: RunResult) => r.stored / r.seconds;
const perCpu = (r: RunResult) => r.stored / r.workerCpu;

function report(results: RunResult[], b: Backlog): void {
  const cores = os.cpus().length;
  const best = (n: number, f: (r: RunResult) => number) => Math.max(...results.filter((r) => r.workers === n).map(f));
  const base = COUNTS[0]!;
  console.log(`\nResults: ${fmt(b.total)} positions, ${fmt(b.devices.length)} devices, ${PARTITIONS} partitions, every run in order. positions/s: first`);
  console.log('position queued → last commit; steady: 10 % → 90 % stored; × best: against the best baseline run; cores: CPU seconds ÷');
  console.log('seconds from freeing the partitions to the last commit; other: the rest of the machine (other work on it).');
  console.log('  workers   positions/s   × best   steady/s   × best   worker cores   per worker CPU-s   × best   PostgreSQL   NATS   bench   other   machine busy');
  for (const r of results) {
    const c = (cpu: number) => (cpu / r.window).toFixed(2);
    console.log(
      `  ${String(r.workers).padEnd(7)} ${fmt(rate(r)).padStart(13)}   ${(rate(r) / best(base, rate)).toFixed(2).padStart(5)}×   ${fmt(r.steady).padStart(8)}   ` +
        `${(r.steady / best(base, (x) => x.steady)).toFixed(2).padStart(5)}×   ${c(r.workerCpu).padStart(12)}   ${fmt(perCpu(r)).padStart(16)}   ` +
        `${(perCpu(r) / best(base, perCpu)).toFixed(2).padStart(5)}×   ${c(r.postgresCpu).padStart(10)}   ${c(r.natsCpu).padStart(4)}   ${c(r.benchCpu).padStart(5)}   ` +
        `${c(r.machineBusy - r.workerCpu - r.postgresCpu - r.natsCpu - r.benchCpu).padStart(5)}   ${c(r.machineBusy).padStart(7)} of ${cores}`,
    );
  }
  if (base !== 1 || !COUNTS.includes(2)) return;
  // Best of the rounds: the machine's other work only ever slows a run down.
  const ratio = best(2, rate) / best(1, rate);
  const steady = best(2, (r) => r.steady) / best(1, (r) => r.steady);
  const cpu = best(2, perCpu) / best(1, perCpu);
  console.log(`\nBest of ${ROUNDS} round${ROUNDS > 1 ? 's' : ''}: 1 worker ${fmt(best(1, rate))} positions/s, 2 workers ${fmt(best(2, rate))}/s: ` +
    `${ratio.toFixed(2)}× (steady ${steady.toFixed(2)}×; target ≥ 1.7×: ${ratio >= 1.7 ? 'met' : 'not met'}).`);
  console.log(`Per worker core: ${fmt(best(2, perCpu))} positions per worker CPU-second with 2 workers against ${fmt(best(1, perCpu))} with 1 ` +
    `(${cpu.toFixed(2)}×): two workers with a core each would store ${(2 * cpu).toFixed(2)}× one worker's positions, if PostgreSQL and NATS ` +
    `kept up (target ≥ 1.7×: ${2 * cpu >= 1.7 ? 'met' : 'not met'}).`);
}

async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL = DATABASE_URL;
  const order = Array.from({ length: ROUNDS }, () => COUNTS).flat();
  console.log(`bench:scale: ${fmt(POSITIONS)} single-fix positions from NATS into PostgreSQL, ${PARTITIONS} partitions; runs with ` +
    `${order.join(', ')} worker processes; ${os.cpus().length} cores here, shared with PostgreSQL and NATS`);
  const prefix = `b${crypto.randomBytes(4).toString('hex')}`;
  const broker = await connectBroker(NATS_URL, `bench-scale-${prefix}`);
  const results: RunResult[] = [];
  let b: Backlog | undefined;
  try {
    for (const [i, n] of order.entries()) {
      console.log(`\n— run ${i + 1} of ${order.length}: ${n} worker process${n > 1 ? 'es' : ''}`);
      const started = performance.now();
      const db = await freshSchema();
      console.log(`  fresh PostgreSQL schema with the demo seed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (!b) {
        try {
          b = await publishBacklog(broker, prefix, db.devices.map((d) => d.device_number));
        } catch (err) {
          await db.handle.close();
          throw err;
        }
      }
      const r = await drain(n, db, b);
      results.push(r);
      console.log(`  ${fmt(r.stored)} stored in ${r.seconds.toFixed(2)} s: ${fmt(rate(r))} positions/s (steady ${fmt(r.steady)}/s); ` +
        `worker CPU ${r.workerCpu.toFixed(1)} s, ${fmt(perCpu(r))} positions per worker CPU-second` +
        (r.workers > 1 ? `; the last worker started ${r.startGap.toFixed(2)} s after the first` : ''));
      for (const w of r.perWorker) {
        console.log(`    worker ${w.pid}: ${w.partitions} partitions, ${fmt(w.positions)} positions, ${w.cpu.toFixed(1)} CPU s (${(w.cpu / r.window).toFixed(2)} cores)`);
      }
      if (r.leaseChurn) {
        console.log(`    ${r.leaseChurn} partitions were claimed more than once during the run (leases changed hands); the workers' last warnings:`);
        for (const w of r.perWorker) console.log(w.stderr.trim().split('\n').slice(-5).map((l) => `      ${w.pid}: ${l.slice(0, 300)}`).join('\n'));
      }
    }
  } finally {
    await broker.jsm.streams.delete(scaleNames(prefix).positions.stream).catch(() => undefined);
    await broker.close();
  }
  report(results, b!);
}

await main();
