// npm run bench:ingest — end-to-end JT/T 808 ingest next to the raw insert rate of the same database,
// measured in the same run, many concurrent terminals' CPU and memory, and terminals sending one fix
// per 0x0200, and a crash under load. Results: docs/benchmarks.md. BENCH_ONLY=batch,concurrent,single,crash picks sections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/build.mjs';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import type { AuthCodes } from '../apps/server/src/telemetry/simulator/auth-codes.js';
import { signIn } from '../apps/server/src/telemetry/simulator/device-link.js';
import { locationFix, VirtualTerminal } from '../apps/server/src/telemetry/simulator/virtual-terminal.js';
import { addBenchDevices, BENCH_AUTH } from './bench-devices.js';
import { crashRun, printCrash } from './ingest-crash.js';
import { cpuSeconds, demoAuthCodes, fmt, progress, quantile, rssBytes, startServer } from './lib.js';
import { connectTerminals, prepareFixes, saturate, steady, type LoadResult } from './single-fix-load.js';

const RAW_ROWS = Number(process.env.BENCH_RAW_ROWS ?? 1_224_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const BATCH_SIZE = 50;
const CONCURRENT = Number(process.env.BENCH_TERMINALS ?? 19_000);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 60);
const SINGLE_TERMINALS = Number(process.env.BENCH_SINGLE_TERMINALS ?? 2000);
const SINGLE_MESSAGES = Number(process.env.BENCH_SINGLE_MESSAGES ?? 300_000);
const SINGLE_OUTSTANDING = Number(process.env.BENCH_SINGLE_OUTSTANDING ?? 4);
const SINGLE_RATE = Number(process.env.BENCH_SINGLE_RATE ?? 10_000);
const SINGLE_WINDOW_S = Number(process.env.BENCH_SINGLE_WINDOW_S ?? 20);
const SECTIONS = process.env.BENCH_ONLY?.split(',') ?? ['batch', 'concurrent', 'single', 'crash'];

/**
 * SQLite alone, no protocol, no pipeline: `rows` (device, gps time) in that order into the clustered
 * position table of a freshly migrated database, by prepared statement, `perTransaction` rows a commit.
 */
async function insertRate(rows: [number, number][], perTransaction: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-raw-'));
  const h = openDatabase({ sqliteFile: path.join(dir, 'raw.db') });
  await migrateToLatest(h.db);
  const insert = h.sqlite!.prepare(
    `insert or ignore into position (device_id, gps_time, lng, lat, speed, direction, altitude, acc, mileage, satellites, signal, battery,
     fix_type, alarm_word, status_word, received_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const tx = h.sqlite!.transaction((part: [number, number][]) => {
    for (const [d, t] of part) insert.run(d, t, 120 + d * 0.001, 30.2, 40, 90, 20, 1, 1000, 12, 25, null, 1, 0, 3, Date.now());
  });
  const start = process.hrtime.bigint();
  for (let i = 0; i < rows.length; i += perTransaction) tx(rows.slice(i, i + perTransaction));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return rows.length / seconds;
}

/**
 * Baseline of the batch run: the rows it stores (as many devices, 50 consecutive fixes each per
 * round), in the order the pipeline writes them (by device within a batch), 5,000 rows a transaction.
 */
function rawInsertRate(devices: number): Promise<number> {
  const T0 = Date.now() - 30 * 24 * 3600_000;
  const rows: [number, number][] = [];
  for (let round = 0; rows.length < RAW_ROWS; round++) {
    for (let d = 1; d <= devices && rows.length < RAW_ROWS; d++) {
      for (let k = 0; k < BATCH_SIZE; k++) rows.push([d, T0 + (round * BATCH_SIZE + k) * 15_000]);
    }
  }
  return insertRate(rows, 5000);
}

/**
 * Baseline of the single-fix run: one fix of each device in turn (device 1 fix 1, device 2 fix 1, …,
 * device 1 fix 2, …), as single-fix terminals arrive, 500 rows a transaction.
 */
function singleFixInsertRate(devices: number, total: number): Promise<number> {
  const T0 = Date.now() - 6 * 3600_000;
  const rows: [number, number][] = [];
  for (let i = 0; i < total; i++) rows.push([(i % devices) + 1, T0 + Math.floor(i / devices) * 1000]);
  return insertRate(rows, 500);
}

/** Wired terminals under the first dealer, already registered with the code BENCH_AUTH, so they authenticate directly. */
/** Connects and signs in a terminal per number: with its code when `codes` holds one, else by registering (stock, inside its window). */
async function connectAll(port: number, numbers: string[], codes: AuthCodes, label: string): Promise<VirtualTerminal[]> {
  const out: VirtualTerminal[] = [];
  for (let i = 0; i < numbers.length; i += 500) {
    const part = await Promise.all(
      numbers.slice(i, i + 500).map(async (n) => {
        const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber: n, version: 2013, model: 'GT06N', replyTimeoutMs: 60_000 });
        await vt.connect();
        await signIn(vt, codes);
        return vt;
      }),
    );
    out.push(...part);
    progress(label, out.length, numbers.length);
  }
  return out;
}

/** Every wired demo terminal uploads 0x0704 batches back to back, each waiting for its acknowledgement. */
async function endToEnd(): Promise<{ rate: number; stored: number; cpuCores: number }> {
  const server = await startServer();
  const probe = openDatabase({ sqliteFile: path.join(server.dataDir, 'cvrisk.db') });
  const numbers = (await probe.db.selectFrom('device').select('device_number').where('kind', '=', 1).orderBy('id').execute()).map((d) => d.device_number);
  const terminals = await connectAll(server.jt808Port, numbers, demoAuthCodes(server.dataDir), 'terminals connected');
  const T0 = Date.now() - 30 * 24 * 3600_000;
  const prepared = terminals.map((vt, n) =>
    Array.from({ length: BATCHES }, (_, b) =>
      vt.prepare({
        kind: 'location-batch', batchType: 1,
        locations: Array.from({ length: BATCH_SIZE }, (_, i) => {
          const k = b * BATCH_SIZE + i;
          return locationFix({ time: T0 + k * 15_000, lng: 120 + n * 0.001 + k * 0.00005, lat: 30.2, speed: 40, direction: 90, acc: true, mileageKm: 1000 + k * 0.15 });
        }),
      }),
    ),
  );
  const total = terminals.length * BATCHES * BATCH_SIZE;
  let done = 0;
  const cpu0 = cpuSeconds(server.child.pid!);
  const start = process.hrtime.bigint();
  await Promise.all(
    terminals.map(async (vt, n) => {
      for (const p of prepared[n]!) {
        const answer = await vt.sendPrepared(p);
        if (answer.kind !== 'platform-response' || answer.result !== 0) throw new Error('batch not acknowledged');
        done += BATCH_SIZE;
        if (done % 50_000 === 0) progress('positions acknowledged', done, total);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpuCores = (cpuSeconds(server.child.pid!) - cpu0) / seconds;
  progress('positions acknowledged', total, total);
  const stored = Number((await probe.db.selectFrom('position').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  for (const vt of terminals) vt.close();
  await probe.close();
  await server.stop();
  return { rate: total / seconds, stored, cpuCores };
}

/** Many terminals each reporting every 10 s: what the server spends to hold them. */
async function concurrent(): Promise<{ terminals: number; cpuCores: number; kbPerConnection: number; reports: number }> {
  const server = await startServer();
  const probe = openDatabase({ sqliteFile: path.join(server.dataDir, 'cvrisk.db') });
  const numbers = Array.from({ length: CONCURRENT }, (_, i) => String(150000000000 + i));
  await addBenchDevices(probe, numbers);
  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = rssBytes(server.child.pid!);
  const terminals = await connectAll(server.jt808Port, numbers, new Map(numbers.map((n) => [n, BENCH_AUTH])), 'terminals connected');
  await new Promise((r) => setTimeout(r, 3000));
  const kbPerConnection = (rssBytes(server.child.pid!) - rssBefore) / 1024 / terminals.length;

  let reports = 0;
  let stop = false;
  const base = Date.now();
  const loops = terminals.map(async (vt, n) => {
    await new Promise((r) => setTimeout(r, (n * 10_000) / terminals.length));
    for (let k = 0; !stop; k++) {
      const next = base + (n * 10_000) / terminals.length + k * 10_000;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      if (stop) break;
      if ((await vt.report(locationFix({ time: next, lng: 120 + (n % 1000) * 0.001, lat: 30 + k * 0.0001, speed: 35, direction: 0, acc: true }))) === 0) reports += 1;
    }
  });
  await new Promise((r) => setTimeout(r, 5000));
  const cpu0 = cpuSeconds(server.child.pid!);
  const t0 = Date.now();
  const reports0 = reports;
  for (let s = 0; s < WINDOW_S; s += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    progress('measuring (s)', s + 5, WINDOW_S);
  }
  const seconds = (Date.now() - t0) / 1000;
  const cpuCores = (cpuSeconds(server.child.pid!) - cpu0) / seconds;
  const measuredReports = reports - reports0;
  stop = true;
  for (const vt of terminals) vt.close();
  await Promise.allSettled(loops);
  await probe.close();
  await server.stop();
  return { terminals: terminals.length, cpuCores, kbPerConnection, reports: measuredReports / seconds };
}

type Measured = LoadResult & { serverCpuUsPerMessage: number; serverCores: number };

/** A run of the generator, with the server's CPU over it per acknowledged message. */
async function measured(pid: number, label: string, go: (onProgress: (ok: number, planned: number) => void) => Promise<LoadResult>): Promise<Measured> {
  // Let the server finish what connecting or the previous run left (commits, derived state) first.
  await new Promise((r) => setTimeout(r, 2000));
  const cpu0 = cpuSeconds(pid);
  const r = await go((ok, planned) => progress(label, ok, planned));
  const serverCpu = cpuSeconds(pid) - cpu0;
  progress(label, r.ok, r.planned);
  if (r.ok < r.planned) process.stdout.write('\n');
  return { ...r, serverCpuUsPerMessage: (serverCpu / r.ok) * 1e6, serverCores: serverCpu / r.seconds };
}

/** Terminals sending one fix per 0x0200, as most do: saturated, then at a steady offered rate. */
async function singleFix(env: Record<string, string>): Promise<{ saturated: Measured; steadied: Measured; stored: number }> {
  const server = await startServer(env);
  const pid = server.child.pid!;
  const probe = openDatabase({ sqliteFile: path.join(server.dataDir, 'cvrisk.db') });
  const numbers = Array.from({ length: SINGLE_TERMINALS }, (_, i) => String(160000000000 + i));
  await addBenchDevices(probe, numbers);
  const terminals = await connectTerminals(server.jt808Port, numbers, BENCH_AUTH, (n) => progress('terminals connected', n, numbers.length));

  prepareFixes(terminals, Math.ceil(SINGLE_MESSAGES / terminals.length));
  // Generous, but a server that stops answering cannot hold the bench forever: at least 500 msg/s.
  const saturated = await measured(pid, 'saturated: acknowledged', (p) => saturate(terminals, SINGLE_OUTSTANDING, Math.max(120_000, SINGLE_MESSAGES * 2), p));
  prepareFixes(terminals, Math.round((SINGLE_RATE * SINGLE_WINDOW_S) / terminals.length));
  const steadied = await measured(pid, 'steady: acknowledged', (p) => steady(terminals, SINGLE_RATE, 60_000, p));

  const stored = Number((await probe.db.selectFrom('position').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  for (const t of terminals) t.socket.destroy();
  await probe.close();
  await server.stop();
  return { saturated, steadied, stored };
}

/** What did not come back as "stored" (0x8001 result 0), and the generator's own cost, for a reader to judge. */
function caveats(r: LoadResult): string {
  const lost = r.planned - r.ok;
  const timeout = r.timedOut ? ', TIMED OUT' : '';
  const closed = r.closed ? `, ${fmt(r.closed)} connections closed by the server` : '';
  return `not acknowledged with 0: ${fmt(lost)} (${fmt(r.failed)} failed, ${fmt(r.unanswered)} unanswered${closed}${timeout}); ` +
    `generator CPU ${r.generatorCpuSeconds.toFixed(1)} s (${(r.generatorCpuSeconds / r.seconds).toFixed(2)} cores)`;
}

const ms = (sorted: readonly number[], q: number) => (sorted.length ? `${quantile(sorted, q).toFixed(1)} ms` : 'n/a');

ensureBuilt();
console.log(`bench:ingest on ${os.cpus().length} cores, SQLite (WAL)\n`);
if (SECTIONS.includes('batch')) {
  console.log(`1. raw insert rate: ${fmt(RAW_ROWS)} positions of 612 devices by prepared statement (baseline)`);
  const raw = await rawInsertRate(612);
  console.log(`   ${fmt(raw)} positions/s\n`);
  console.log(`2. end to end: wired demo terminals over TCP, 0x0704 batches of ${BATCH_SIZE}, acknowledged after commit`);
  const e2e = await endToEnd();
  console.log(`   ${fmt(e2e.rate)} positions/s (${fmt(e2e.stored)} stored), server CPU ${e2e.cpuCores.toFixed(2)} cores`);
  console.log(`   ratio to raw insert: ${((e2e.rate / raw) * 100).toFixed(1)} %   (target: ≥ 50,000/s and ≥ 30 %)\n`);
}
if (SECTIONS.includes('concurrent')) {
  console.log(`3. ${fmt(CONCURRENT)} concurrent terminals, one 0x0200 every 10 s each, measured over ${WINDOW_S} s`);
  const c = await concurrent();
  console.log(`   ${fmt(c.terminals)} held, ${c.reports.toFixed(0)} reports/s, server CPU ${c.cpuCores.toFixed(3)} cores, ${c.kbPerConnection.toFixed(1)} KB per connection   (target: < 0.5 core)\n`);
}
/** The single-fix runs of one server setting, printed; answers saturated msg/s, its CPU µs/msg and the steady p99 (ms). */
async function singleFixPrinted(label: string, env: Record<string, string>, base: number): Promise<{ rate: number; cpu: number; p99: number; steadyCpu: number }> {
  console.log(`   ${label}:`);
  const { saturated: s, steadied: t, stored } = await singleFix(env);
  const sRate = s.ok / s.seconds;
  console.log(`   saturated (${SINGLE_OUTSTANDING} outstanding per terminal, ${fmt(s.planned)} messages): ${fmt(sRate)} msg/s, server CPU ${s.serverCpuUsPerMessage.toFixed(1)} µs/msg (${s.serverCores.toFixed(2)} cores), ` +
    `${((sRate / base) * 100).toFixed(1)} % of baseline`);
  console.log(`     ${caveats(s)}`);
  const tLat = Array.from(t.latencies);
  console.log(`   steady ${fmt(SINGLE_RATE)}/s offered for ${SINGLE_WINDOW_S} s: offered ${fmt(t.sent / Math.max(t.sendSeconds, 1e-3))}/s, achieved ${fmt(t.ok / t.seconds)}/s, ` +
    `ack p50 ${ms(tLat, 0.5)}, p99 ${ms(tLat, 0.99)}, max ${tLat.length ? tLat[tLat.length - 1]!.toFixed(1) : 'n/a'} ms, server CPU ${t.serverCpuUsPerMessage.toFixed(1)} µs/msg (${t.serverCores.toFixed(2)} cores)`);
  console.log(`     ${caveats(t)}`);
  console.log(`   ${fmt(stored)} positions stored (of ${fmt(s.ok + t.ok)} acknowledged)\n`);
  return { rate: sRate, cpu: s.serverCpuUsPerMessage, p99: tLat.length ? quantile(tLat, 0.99) : Number.NaN, steadyCpu: t.serverCpuUsPerMessage };
}

if (SECTIONS.includes('single')) {
  console.log(`4. single-fix 0x0200: ${fmt(SINGLE_TERMINALS)} wired terminals, one fix per message, acknowledged after commit`);
  console.log('   targets: ≥ 30,000 msg/s, ≤ 35 µs CPU/msg saturated; p99 < 100 ms at 10,000/s');
  const base = await singleFixInsertRate(SINGLE_TERMINALS, SINGLE_MESSAGES);
  console.log(`   baseline: SQLite alone, ${fmt(SINGLE_MESSAGES)} single fixes round-robin over ${fmt(SINGLE_TERMINALS)} devices, 500-row transactions: ${fmt(base)} rows/s`);
  // The same build with derived rows written with every batch, as before issue 33: the baseline of the change.
  const before = await singleFixPrinted('derived rows with every batch (DERIVE_FLUSH_SECONDS=0, as before)', { DERIVE_FLUSH_SECONDS: '0' }, base);
  const after = await singleFixPrinted('derived rows once a minute per device (the default)', {}, base);
  console.log(`   once a minute ÷ every batch: saturated ${(after.rate / before.rate).toFixed(2)}× msg/s, ${(after.cpu / before.cpu).toFixed(2)}× CPU/msg; ` +
    `steady p99 ${(after.p99 / before.p99).toFixed(2)}×, ${(after.steadyCpu / before.steadyCpu).toFixed(2)}× CPU/msg\n`);
}
if (SECTIONS.includes('crash')) {
  console.log(`5. a crash under load: ${fmt(SINGLE_TERMINALS)} single-fix terminals at ${fmt(SINGLE_RATE)}/s for ${SINGLE_WINDOW_S} s, SIGKILL halfway, started again`);
  printCrash(await crashRun(SINGLE_TERMINALS, SINGLE_RATE, SINGLE_WINDOW_S));
}
