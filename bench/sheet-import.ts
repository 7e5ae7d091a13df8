// npm run bench:sheet-import — does a large legal sheet import move anybody else's latency? The real
// server (built, embedded SQLite, demo data) with JT/T 808 terminals each reporting one position per
// message and console clients opening the warning list: p50/p99 of both measured alone, then while a
// 100,000-row loan sheet is uploaded and imported, in the same run; and the import's own time by phase
// and the longest write transaction it held (from its job row).
// BENCH_TIMELINE=1 adds each half second's answers and slowest answer. Results: docs/benchmarks.md.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ensureBuilt } from '../scripts/build.mjs';
import { openDatabase } from '../apps/server/src/db/database.js';
import { DEMO_PASSWORD } from '../apps/server/src/demo/seed-demo.js';
import { hashAuthCode } from '../apps/server/src/telemetry/gateway/auth-code.js';
import { locationFix, VirtualTerminal } from '../apps/server/src/telemetry/simulator/virtual-terminal.js';
import { loadClient, type Reply } from './http-load.js';
import { fmt, quantile, startServer } from './lib.js';
import { loanSheet } from './loan-import-sheet.js';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 500);
/** Each terminal reports this often, its phase spread over the interval. */
const REPORT_EVERY_MS = Number(process.env.BENCH_REPORT_EVERY_MS ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
/** A console client's pause between calls, as a person paging does not call back to back. */
const CLIENT_PAUSE_MS = 25;
const WARMUP_S = 3;
const BEFORE_S = Number(process.env.BENCH_BEFORE_S ?? 20);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const AUTH = 'bench-sheet-auth';

type Sample = { at: number; ms: number };

/** A POST of a body already serialised, on a connection of its own. */
function postRaw(port: number, url: string, token: string, body: Buffer): Promise<{ code: number; msg: string; result: { id: number } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: url, headers: { accessToken: token, 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
const now = () => performance.now();

/** Wired terminals under the first dealer, registered with AUTH, so they authenticate directly. */
async function benchTerminals(dataDir: string, port: number): Promise<{ terminals: VirtualTerminal[]; dealers: string[] }> {
  const probe = openDatabase({ sqliteFile: path.join(dataDir, 'cvrisk.db') });
  const dealers = (await probe.db.selectFrom('dept').select('name').where('kind', '=', 'dealer').orderBy('id').execute()).map((d) => d.name);
  const dealer = (await probe.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').orderBy('id').executeTakeFirstOrThrow()).id;
  const numbers = Array.from({ length: TERMINALS }, (_, i) => String(170000000000 + i));
  await probe.db.insertInto('device').values(numbers.map((n) => ({
    device_number: n, kind: 1, model: 'GT06N', iccid: '', dept_id: dealer, car_id: null, install_time: null,
    auth_code_hash: hashAuthCode(AUTH), registered_at: Date.now(), created_at: Date.now(),
  }))).execute();
  await probe.close();
  const terminals: VirtualTerminal[] = [];
  for (let i = 0; i < numbers.length; i += 100) {
    terminals.push(...(await Promise.all(numbers.slice(i, i + 100).map(async (n) => {
      const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber: n, version: 2013, model: 'GT06N', replyTimeoutMs: 60_000 });
      await vt.connect();
      if (!(await vt.authenticate(AUTH))) throw new Error(`terminal ${n} could not authenticate`);
      return vt;
    }))));
    process.stderr.write(`\r  terminals connected: ${terminals.length} / ${numbers.length}   `);
  }
  process.stderr.write('\n');
  return { terminals, dealers };
}

/** Every terminal reports one fix per message every REPORT_EVERY_MS, each waiting for its 0x8001; every console client pages the warning list. */
function startLoad(terminals: VirtualTerminal[], consoleCall: () => Promise<Reply>) {
  const acks: Sample[] = [];
  const calls: Sample[] = [];
  let failures = 0;
  let stopped = false;
  const t0 = now();
  const reporting = terminals.map(async (vt, n) => {
    for (let k = 0; !stopped; k++) {
      const due = t0 + (n * REPORT_EVERY_MS) / terminals.length + k * REPORT_EVERY_MS;
      await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
      if (stopped) break;
      const fix = locationFix({ time: Date.now(), lng: 120 + (n % 100) * 0.01 + k * 0.0001, lat: 30 + Math.floor(n / 100) * 0.01, speed: 40, direction: 90, acc: true });
      const at = now();
      const result = await vt.report(fix);
      if (result === 0) acks.push({ at, ms: now() - at });
      else failures++;
    }
  });
  const paging = Array.from({ length: CLIENTS }, async () => {
    while (!stopped) {
      const at = now();
      const r = await consoleCall();
      if (r.status === 200 && JSON.parse(r.body.toString()).code === 200) calls.push({ at, ms: r.ms });
      else failures++;
      await new Promise((res) => setTimeout(res, CLIENT_PAUSE_MS));
    }
  });
  return {
    acks, calls,
    failures: () => failures,
    async stop() {
      stopped = true;
      await Promise.all([...reporting, ...paging]);
    },
  };
}

type Stats = { n: number; p50: number; p99: number; max: number };
function stats(samples: Sample[], from: number, to: number): Stats {
  const ms = samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms).sort((a, b) => a - b);
  return ms.length ? { n: ms.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), max: ms[ms.length - 1]! } : { n: 0, p50: NaN, p99: NaN, max: NaN };
}
const f1 = (n: number) => (Number.isNaN(n) ? 'n/a' : n.toFixed(1));

async function main(): Promise<void> {
  ensureBuilt();
  console.log(`bench:sheet-import on ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), SQLite (WAL), the built server`);
  const server = await startServer();
  const { terminals, dealers } = await benchTerminals(server.dataDir, server.jt808Port);
  const { call, destroy } = loadClient(server.httpPort, CLIENTS + 1, 0);
  try {
    const login = JSON.parse((await call('POST', '/api/login', undefined, { username: 'admin', password: DEMO_PASSWORD })).body.toString());
    const token = login.data.accessToken as string;
    process.stderr.write(`writing a ${fmt(ROWS)}-row loan sheet across ${dealers.length} dealers…\n`);
    const sheet = await loanSheet(ROWS, dealers);
    // Serialised now: the 13 MB body built during the run would stall this process, and with it the timing of every answer.
    const upload = Buffer.from(JSON.stringify({ fileName: '贷款.xlsx', content: sheet.toString('base64') }));
    console.log(
      `${fmt(TERMINALS)} terminals, one 0x0200 each every ${REPORT_EVERY_MS} ms (${fmt((TERMINALS * 1000) / REPORT_EVERY_MS)} msg/s), each waiting for its 0x8001; ` +
        `${CLIENTS} console clients calling findList page 1 by type, ${CLIENT_PAUSE_MS} ms apart`,
    );
    const stall = monitorEventLoopDelay({ resolution: 10 });
    stall.enable();
    const load = startLoad(terminals, () => call('POST', '/api/report/riskWarning/findList', token, { pageSize: 10, pageNumber: 1, warningType: 4 }));
    const start = now();
    for (let s = 0; s < WARMUP_S + BEFORE_S; s++) {
      await new Promise((r) => setTimeout(r, 1000));
      process.stderr.write(`\r  before the import: ${s + 1} / ${WARMUP_S + BEFORE_S} s, ${fmt(load.acks.length)} acknowledgements, ${fmt(load.calls.length)} console calls   `);
    }
    process.stderr.write('\n');
    const before = { from: start + WARMUP_S * 1000, to: now() };
    const benchStallBefore = [stall.percentile(99) / 1e6, stall.max / 1e6];
    stall.reset();

    // The upload as the console sends it, then its job followed to the end through a read-only
    // connection of the bench's own: the console's status call waits behind the import's write
    // transaction on SQLite (its sign-in check uses the main connection), which would misplace the phases.
    const watch = openDatabase({ sqliteFile: path.join(server.dataDir, 'cvrisk.db') });
    const uploadAt = now();
    const res = await postRaw(server.httpPort, '/api/loan/importFile', token, upload);
    if (res.code !== 200) throw new Error(`import refused: ${res.msg}`);
    /** When each phase began, polled every 20 ms: at the latest, when the poll before the one that saw it answered. */
    const phases = new Map<string, number>([['upload', uploadAt]]);
    let job;
    let polled = uploadAt;
    for (let polls = 0; ; polls++) {
      job = await watch.bulk.selectFrom('loan_import').selectAll().where('id', '=', res.result.id as number).executeTakeFirstOrThrow();
      if (!phases.has(job.phase)) phases.set(job.phase, polled);
      polled = now();
      if (polls % 25 === 0 || !['reading', 'checking', 'saving'].includes(job.phase)) {
        process.stderr.write(`\r  importing: ${job.phase} ${fmt(job.processed)} / ${fmt(job.total)} rows, ${((now() - uploadAt) / 1000).toFixed(1)} s, ${fmt(load.acks.length)} acknowledgements   `);
      }
      if (!['reading', 'checking', 'saving'].includes(job.phase)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const end = now();
    const benchStallDuring = [stall.percentile(99) / 1e6, stall.max / 1e6];
    stall.disable();
    process.stderr.write('\n');
    await load.stop();
    await watch.close();
    const status = job;
    if (status.phase !== 'done') throw new Error(`import ${status.phase}: ${status.message}`);

    const seconds = (end - uploadAt) / 1000;
    const at = (p: string) => phases.get(p) ?? end;
    console.log(
      `\nimport of ${fmt(ROWS)} loan rows (${(sheet.length / 1e6).toFixed(1)} MB .xlsx, ${fmt(status.created)} new): ${seconds.toFixed(1)} s — ` +
        `upload and reading ${((at('checking') - uploadAt) / 1000).toFixed(1)} s, checking ${((at('saving') - at('checking')) / 1000).toFixed(1)} s, ` +
        `saving ${((end - at('saving')) / 1000).toFixed(1)} s; longest write transaction ` +
        `${status.longest_write_ms === null ? 'not recorded' : `${status.longest_write_ms} ms (target ≤ 100 ms: ${status.longest_write_ms <= 100 ? 'met' : 'not met'})`}`,
    );
    const windows: [string, number, number][] = [
      ['during the whole import', uploadAt, end],
      ['  upload and reading', uploadAt, at('checking')],
      ['  checking (rows from the worker)', at('checking'), at('saving')],
      ['  saving (published in chunks)', at('saving'), end],
    ];
    const b = { ack: stats(load.acks, before.from, before.to), call: stats(load.calls, before.from, before.to) };
    console.log(`\n${'window (by when a call was sent)'.padEnd(36)} ${'terminal ack p50 / p99 / max (n)'.padEnd(40)} ${'findList p50 / p99 / max (n)'.padEnd(40)}`);
    const cell = (x: Stats) => `${f1(x.p50)} / ${f1(x.p99)} / ${f1(x.max)} ms (${fmt(x.n)})`.padEnd(40);
    const line = (name: string, a: Stats, c: Stats) => console.log(`${name.padEnd(36)} ${cell(a)} ${cell(c)}`);
    line(`before, alone (${BEFORE_S} s)`, b.ack, b.call);
    const misses: string[] = [];
    for (const [name, from, to] of windows) {
      const a = stats(load.acks, from, to);
      const c = stats(load.calls, from, to);
      line(name, a, c);
      const ratio = (x: Stats, y: Stats) => `${(x.p99 / y.p99).toFixed(2)}× (+${f1(x.p99 - y.p99)} ms)`;
      console.log(`${''.padEnd(36)} ${`p99 ${ratio(a, b.ack)}`.padEnd(40)} ${`p99 ${ratio(c, b.call)}`.padEnd(40)}`);
      if (a.p99 - b.ack.p99 > 100) misses.push(`terminal ack ${name.trim()} (+${f1(a.p99 - b.ack.p99)} ms)`);
      if (c.p99 - b.call.p99 > 100) misses.push(`findList ${name.trim()} (+${f1(c.p99 - b.call.p99)} ms)`);
    }
    if (process.env.BENCH_TIMELINE) {
      for (let t = uploadAt - 2000; t < end + 1000; t += 500) {
        const a = stats(load.acks, t, t + 500);
        const c = stats(load.calls, t, t + 500);
        const phase = [...phases].filter(([, at]) => at <= t + 500).pop()?.[0] ?? 'before';
        console.log(`${((t - uploadAt) / 1000).toFixed(1).padStart(6)} s ${phase.padEnd(9)} acks ${String(a.n).padStart(4)} max ${f1(a.max).padStart(7)}   calls ${String(c.n).padStart(4)} max ${f1(c.max).padStart(7)}`);
      }
    }
    console.log(`\nfailed or refused during the run: ${load.failures()}; this process's own event-loop delay p99 / max (it measures): ${benchStallBefore.map(f1).join(' / ')} ms before, ${benchStallDuring.map(f1).join(' / ')} ms during`);
    console.log(`target: p99 during − before ≤ 100 ms — ${misses.length ? `missed by ${misses.join(', ')}` : 'met'}`);
  } finally {
    destroy();
    for (const t of terminals) t.close();
    await server.stop();
  }
}

await main();
