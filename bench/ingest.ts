// npm run bench:ingest — end-to-end JT/T 808 ingest next to the raw insert rate of the same database,
// measured in the same run, and many concurrent terminals' CPU and memory. Results: docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/build.mjs';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { locationFix, VirtualTerminal } from '../apps/server/src/telemetry/simulator/virtual-terminal.js';
import { cpuSeconds, fmt, progress, rssBytes, startServer } from './lib.js';

const RAW_ROWS = Number(process.env.BENCH_RAW_ROWS ?? 1_224_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const BATCH_SIZE = 50;
const CONCURRENT = Number(process.env.BENCH_TERMINALS ?? 19_000);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 60);

/**
 * Baseline: the same rows the end-to-end run stores (as many devices, 50 consecutive fixes each per
 * round), in the same order the pipeline writes them (by device within a batch), by prepared
 * statements in 5,000-row transactions — SQLite alone, no protocol, no pipeline.
 */
async function rawInsertRate(devices: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-raw-'));
  const h = openDatabase({ sqliteFile: path.join(dir, 'raw.db') });
  await migrateToLatest(h.db);
  const insert = h.sqlite!.prepare(
    `insert or ignore into position (device_id, gps_time, lng, lat, speed, direction, altitude, acc, mileage, satellites, signal, battery,
     fix_type, alarm_word, status_word, received_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const T0 = Date.now() - 30 * 24 * 3600_000;
  const rows: [number, number][] = [];
  for (let round = 0; rows.length < RAW_ROWS; round++) {
    for (let d = 1; d <= devices && rows.length < RAW_ROWS; d++) {
      for (let k = 0; k < BATCH_SIZE; k++) rows.push([d, T0 + (round * BATCH_SIZE + k) * 15_000]);
    }
  }
  const tx = h.sqlite!.transaction((part: [number, number][]) => {
    for (const [d, t] of part) insert.run(d, t, 120 + d * 0.001, 30.2, 40, 90, 20, 1, 1000, 12, 25, null, 1, 0, 3, Date.now());
  });
  const start = process.hrtime.bigint();
  for (let i = 0; i < rows.length; i += 5000) tx(rows.slice(i, i + 5000));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return RAW_ROWS / seconds;
}

async function connectAll(port: number, numbers: string[], authCode: string | null, label: string): Promise<VirtualTerminal[]> {
  const out: VirtualTerminal[] = [];
  for (let i = 0; i < numbers.length; i += 500) {
    const part = await Promise.all(
      numbers.slice(i, i + 500).map(async (n) => {
        const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber: n, version: 2013, model: 'GT06N', replyTimeoutMs: 60_000 });
        await vt.connect();
        const code = authCode ?? (await vt.register());
        if (!code || !(await vt.authenticate(code))) throw new Error(`terminal ${n} could not authenticate`);
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
  const terminals = await connectAll(server.jt808Port, numbers, null, 'terminals connected');
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
  const dealer = (await probe.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').orderBy('id').executeTakeFirstOrThrow()).id;
  const numbers = Array.from({ length: CONCURRENT }, (_, i) => String(150000000000 + i));
  for (let i = 0; i < numbers.length; i += 500) {
    await probe.db.insertInto('device').values(numbers.slice(i, i + 500).map((n) => ({
      device_number: n, kind: 1, model: 'GT06N', iccid: '', dept_id: dealer, car_id: null, install_time: null, auth_code: 'bench-auth', created_at: Date.now(),
    }))).execute();
  }
  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = rssBytes(server.child.pid!);
  const terminals = await connectAll(server.jt808Port, numbers, 'bench-auth', 'terminals connected');
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

ensureBuilt();
console.log(`bench:ingest on ${os.cpus().length} cores, SQLite (WAL)\n`);
console.log(`1. raw insert rate: ${fmt(RAW_ROWS)} positions of 612 devices by prepared statement (baseline)`);
const raw = await rawInsertRate(612);
console.log(`   ${fmt(raw)} positions/s\n`);
console.log(`2. end to end: wired demo terminals over TCP, 0x0704 batches of ${BATCH_SIZE}, acknowledged after commit`);
const e2e = await endToEnd();
console.log(`   ${fmt(e2e.rate)} positions/s (${fmt(e2e.stored)} stored), server CPU ${e2e.cpuCores.toFixed(2)} cores`);
console.log(`   ratio to raw insert: ${((e2e.rate / raw) * 100).toFixed(1)} %   (target: ≥ 50,000/s and ≥ 30 %)\n`);
console.log(`3. ${fmt(CONCURRENT)} concurrent terminals, one 0x0200 every 10 s each, measured over ${WINDOW_S} s`);
const c = await concurrent();
console.log(`   ${fmt(c.terminals)} held, ${c.reports.toFixed(0)} reports/s, server CPU ${c.cpuCores.toFixed(3)} cores, ${c.kbPerConnection.toFixed(1)} KB per connection   (target: < 0.5 core)\n`);
