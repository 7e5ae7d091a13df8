// npm run bench:customers — the customer list (page 1, as most users open it, and with the usual
// filters) and each user-portrait call under 20 concurrent clients on 200,000 customers, 5,000 of them
// with 30 days of driving, next to a bare authenticated call of the same server in the same run; then
// an import of a 100,000-row loan sheet: seconds, the server's memory before and at the peak, and the
// longest write transaction it held.
// Results: docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.js';
import { buildCustomersDatabase } from './customers-data.js';
import { loadClient, startBenchServer, type Load, type Reply } from './http-load.js';
import { fmt, rssBytes } from './lib.js';
import { loanSheet } from './loan-import-sheet.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Requests of each scenario before any is measured. */
const WARM_UP_REQUESTS = 500;
/** Only the scenarios whose name contains this (and the import if it is "import"), to re-measure one change. */
const ONLY = process.env.BENCH_ONLY ?? '';

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-customers-'));
  const file = path.join(dir, 'bench.db');
  const built = await buildCustomersDatabase(file);
  const { child, port } = await startBenchServer(file);
  const { call, load, destroy } = loadClient(port, CLIENTS, REQUESTS);
  try {
    const login = async (username: string) => JSON.parse((await call('POST', '/api/login', undefined, { username, password: built.password })).body.toString()).data.accessToken as string;
    const finance = await login('finance1');
    const admin = await login('admin');
    console.log(`bench:customers on ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), SQLite (WAL)`);
    console.log(`${fmt(built.customers)} customers, ${fmt(built.driven)} cars with 30 days of driving; database ${(fs.statSync(file).size / 1e9).toFixed(2)} GB`);
    console.log(`${CLIENTS} concurrent clients, ${fmt(REQUESTS)} requests per scenario after a warm-up\n`);

    const bareCall = () => call('GET', '/api/customer/getCustomerGradeDict', admin);
    const row = (name: string, r: Load) =>
      console.log(
        `${name.padEnd(44)} ${fmt(r.rps).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms` +
          `  p99 ${(r.p99 / bare.p99).toFixed(2)}× bare${r.errors ? `  ${r.errors} ERRORS` : ''}`,
      );
    let i = 0;
    // Each request asks about another car, as a room of risk managers would.
    const car = () => built.drivenCars[i++ % built.drivenCars.length]!;
    const list = (token: string, filters: object) => () => call('POST', '/api/customer/getCustomerList', token, { pageNumber: 1, pageSize: 20, ...filters });
    const scenarios: [string, () => Promise<Reply>][] = [
      ['getCustomerList admin, page 1', list(admin, {})],
      ['getCustomerList finance1, page 1', list(finance, {})],
      ['getCustomerList finance1, high risk', list(finance, { grade: 'high' })],
      ['getCustomerList finance1, overdue', list(finance, { overdue: 1 })],
      ['getCustomerList finance1, by whole phone', list(finance, { customerPhone: '13900006001' })],
      ['getOverdueList finance1, page 1', () => call('POST', '/api/customer/getOverdueList', finance, { pageNumber: 1, pageSize: 20 })],
      ['getCustomerByid', () => call('GET', `/api/customerDraw/getCustomerByid?customerid=${car().customerId}`, admin)],
      ['findWarningCountList', () => call('POST', '/api/customerDraw/findWarningCountList', admin, { customerid: car().customerId })],
      ['getUseCarByCarid', () => call('GET', `/api/customerDraw/getUseCarByCarid?carid=${car().carId}`, admin)],
      ['getDrivingByCarid', () => call('GET', `/api/customerDraw/getDrivingByCarid?carid=${car().carId}`, admin)],
      ['getStop7dayByCarid', () => call('GET', `/api/customerDraw/getStop7dayByCarid?carid=${car().carId}`, admin)],
      ['getDriving7dayByCarid', () => call('GET', `/api/customerDraw/getDriving7dayByCarid?carid=${car().carId}`, admin)],
      ['getDriving30dayByCarid', () => call('GET', `/api/customerDraw/getDriving30dayByCarid?carid=${car().carId}`, admin)],
      ['getWarningByCarid', () => call('GET', `/api/customerDraw/getWarningByCarid?carid=${car().carId}`, admin)],
    ];
    const chosen = scenarios.filter(([name]) => name.includes(ONLY));
    // Every scenario once before any is measured: the server's first list requests (JIT, heap growth)
    // otherwise land in whichever scenario runs first, and its tail moved with the order.
    process.stderr.write(`warming up ${chosen.length} scenarios…\n`);
    for (const [, send] of chosen) await load(send, WARM_UP_REQUESTS);
    const bare = await load(bareCall);
    row('bare: GET getCustomerGradeDict', bare);
    const misses: string[] = [];
    for (const [name, send] of chosen) {
      const r = await load(send);
      row(name, r);
      // Issue 33: the customer list's page 1 (a filter or none) within 1.5× the bare call; the rest within 2×.
      const target = name.startsWith('getCustomerList') ? 1.5 : 2;
      if (r.p99 > target * bare.p99) misses.push(`${name} (${(r.p99 / bare.p99).toFixed(2)}× of ${target}×)`);
    }
    console.log(`\ntarget: the customer list within 1.5×, every other p99 within 2× the bare call's ${bare.p99.toFixed(1)} ms — ${misses.length ? `missed by ${misses.join(', ')}` : 'met'}`);
    if (!ONLY || ONLY === 'import') await importSheet(call, admin, child.pid!, built.dealerNames, file);
  } finally {
    destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Uploads a whole portfolio as the console does and follows its job; the server's RSS is sampled
 * meanwhile. The longest write transaction the import held is read from its job row in `file`.
 */
async function importSheet(call: ReturnType<typeof loadClient>['call'], token: string, pid: number, dealers: string[], file: string): Promise<void> {
  process.stderr.write(`\nwriting a ${fmt(IMPORT_ROWS)}-row loan sheet…\n`);
  const sheet = await loanSheet(IMPORT_ROWS, dealers);
  const before = rssBytes(pid);
  const anonBefore = rssBytes(pid, 'RssAnon');
  let peak = before;
  let anonPeak = anonBefore;
  // The anonymous part apart: the rest of RSS is the database file's pages the main connection maps
  // (mmap_size), which the kernel shares with its page cache and may drop at any time.
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
    anonPeak = Math.max(anonPeak, rssBytes(pid, 'RssAnon'));
  }, 50);
  const started = Date.now();
  try {
    const res = JSON.parse((await call('POST', '/api/loan/importFile', token, { fileName: '贷款.xlsx', content: sheet.toString('base64') })).body.toString());
    if (res.code !== 200) throw new Error(`import refused: ${res.msg}`);
    /** When each phase was first seen: how long checking and saving take. */
    const phases = new Map<string, number>();
    for (;;) {
      const status = JSON.parse((await call('GET', `/api/loan/importStatus?id=${res.result.id}`, token)).body.toString()).result;
      if (!phases.has(status.phase)) phases.set(status.phase, (Date.now() - started) / 1000);
      process.stderr.write(`\r  ${status.phase} ${fmt(status.processed)} / ${fmt(status.total)} rows, ${((Date.now() - started) / 1000).toFixed(1)} s   `);
      if (!['reading', 'checking', 'saving'].includes(status.phase)) {
        process.stderr.write('\n');
        if (status.phase !== 'done') throw new Error(`import ${status.phase}: ${status.message ?? JSON.stringify(status.errors.slice(0, 3))}`);
        const seconds = (Date.now() - started) / 1000;
        console.log(
          `\nimport of ${fmt(IMPORT_ROWS)} loan rows (${(sheet.length / 1e6).toFixed(1)} MB .xlsx, ${fmt(status.created)} new): ${seconds.toFixed(1)} s` +
            ` (target < 30 s: ${seconds < 30 ? 'met' : 'not met'}); server RSS ${(before / 1e6).toFixed(0)} MB before, ${(peak / 1e6).toFixed(0)} MB at the peak` +
            ` (+${((peak - before) / 1e6).toFixed(0)} MB, target ≤ +64 MB: ${peak - before <= 64e6 ? 'met' : 'not met'});` +
            ` of it anonymous memory ${(anonBefore / 1e6).toFixed(0)} → ${(anonPeak / 1e6).toFixed(0)} MB (+${((anonPeak - anonBefore) / 1e6).toFixed(0)} MB)`,
        );
        console.log(`phases first seen at: ${[...phases].map(([phase, at]) => `${phase} ${at.toFixed(1)} s`).join(', ')}`);
        const db = openDatabase({ sqliteFile: file });
        const job = await db.bulk.selectFrom('loan_import').selectAll().where('id', '=', res.result.id as number).executeTakeFirstOrThrow();
        await db.close();
        const longest = job.longest_write_ms;
        console.log(`longest write transaction of the import: ${longest === null ? 'not recorded' : `${longest} ms (target ≤ 100 ms: ${longest <= 100 ? 'met' : 'not met'})`}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    clearInterval(sampler);
  }
}

await main();
