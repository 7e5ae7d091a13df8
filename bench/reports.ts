// npm run bench:reports — the report centre, UBI and statistics screens on 5,000 cars with 30 days of
// derived data: page 1 of each of the eleven reports over 30 days under BENCH_CLIENTS concurrent
// clients, next to a bare authenticated call of the same server in the same run; exports of 100,000
// rows (seconds, size, rows read back); and the data board's first paint in Chromium next to the login
// page's. Data: bench/reports-data.ts. Results: docs/benchmarks.md.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { formatTime, parseTime, ReportCalls } from '@cvrisk/contracts';
import { Unzip, UnzipInflate } from 'fflate';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { loadClient, startBenchServer, type Load, type Reply } from './http-load.js';
import { fmt, root } from './lib.js';
import { buildReportsDatabase, DAYS } from './reports-data.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Only the scenarios whose name contains this ("export" for the exports, "board" for the data board). */
const ONLY = process.env.BENCH_ONLY ?? '';
const TARGET = { p99Ms: 300, exportS: 10, boardMs: 1500 };
const DAY_MS = 86_400_000;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of the end-to-end runner (e2e/run.mjs), as in bench/web.ts.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Call = ReturnType<typeof loadClient>['call'];
const selected = (name: string) => name.includes(ONLY);

/** A period of whole Asia/Shanghai days: `days` days ending today. */
function lastDays(days: number, now: number) {
  const today = formatTime(now).slice(0, 10);
  const first = formatTime(parseTime(`${today} 00:00:00`)! - (days - 1) * DAY_MS).slice(0, 10);
  return { beginDate: `${first} 00:00:00`, endDate: `${today} 23:59:59` };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-reports-'));
  const file = path.join(dir, 'bench.db');
  const now = Date.now();
  const started = Date.now();
  const built = await buildReportsDatabase(file, now);
  const buildS = (Date.now() - started) / 1000;
  const { child, port } = await startBenchServer(file);
  const { call, load, destroy } = loadClient(port, CLIENTS, REQUESTS);
  try {
    const login = async (username: string) => JSON.parse((await call('POST', '/api/login', undefined, { username, password: built.password })).body.toString()).data.accessToken as string;
    const admin = await login('admin');
    const finance = await login('finance1');
    console.log(`bench:reports on ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), SQLite (WAL)`);
    console.log(
      `${fmt(built.cars)} cars with ${DAYS} days: ${fmt(built.dailyRows)} daily rows, ${fmt(built.stops)} stops, ${fmt(built.trips)} trips, ${fmt(built.events)} driving events, ` +
        `${fmt(built.warnings)} warnings; database ${(fs.statSync(file).size / 1e9).toFixed(2)} GB, built in ${buildS.toFixed(0)} s`,
    );
    console.log(`${CLIENTS} concurrent clients, ${fmt(REQUESTS)} requests per scenario after a warm-up; period ${DAYS} days, page 1 of 20 rows\n`);

    const bare = await load(() => call('GET', '/api/report/alarmWarning/getAlarmType', admin));
    const row = (name: string, r: Load) =>
      console.log(
        `${name.padEnd(48)} ${fmt(r.rps).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms` +
          `  p99 ${(r.p99 / bare.p99).toFixed(2).padStart(6)}× bare${r.errors ? `  ${r.errors} ERRORS` : ''}`,
      );
    row('bare: GET alarmWarning/getAlarmType', bare);
    const period = lastDays(DAYS, now);
    const page = (path: string, token: string, extra: object = {}) => () => call('POST', path, token, { pageNumber: 1, pageSize: 20, ...period, ...extra });
    const scenarios: [string, () => Promise<Reply>][] = [
      ...Object.entries(ReportCalls).map(([name, calls]): [string, () => Promise<Reply>] => [`${name} admin, page 1`, page(calls.list.path, admin)]),
      ['mileage finance1, one dealer, page 1', page(ReportCalls.mileage.list.path, finance, { deptId: built.dealerId })],
      // 里程报表 sorted by a figure (issue 33 item 4): `BENCH_ONLY=sorted` runs these alone.
      ...(['admin', 'finance1'] as const).flatMap((who) =>
        (['mileage desc', 'driveMs desc', 'maxSpeed desc', 'mileage asc'] as const).map((by): [string, () => Promise<Reply>] => {
          const [sortField, sortOrder] = by.split(' ');
          return [`mileage ${who}, sorted by ${by}, page 1`, page(ReportCalls.mileage.list.path, who === 'admin' ? admin : finance, { sortField, sortOrder })];
        }),
      ),
    ];
    const misses: string[] = [];
    for (const [name, send] of scenarios.filter(([name]) => selected(name))) {
      const r = await load(send);
      row(name, r);
      if (r.p99 >= TARGET.p99Ms || r.errors) misses.push(`${name} (p99 ${r.p99.toFixed(0)} ms${r.errors ? `, ${r.errors} errors` : ''})`);
    }
    console.log(`\ntarget: every p99 under ${TARGET.p99Ms} ms — ${misses.length ? `missed by ${misses.join(', ')}` : 'met'}`);

    await exports(call, port, admin, built.stopsByDay, now);
    if (!ONLY || 'data board'.includes(ONLY)) await dataBoard(port, built.password);
  } finally {
    destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`\ndatabase kept: ${file}`);
  }
}

/** Rows of the first sheet, counted from the inflated XML as it streams out (the header row not counted). */
function countRows(chunks: Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const mark = Buffer.from('<row ');
    let rows = 0;
    let carry = Buffer.alloc(0);
    const unzip = new Unzip((entry) => {
      if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(entry.name)) return;
      entry.ondata = (err, data, final) => {
        if (err) return reject(err);
        const text = Buffer.concat([carry, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
        for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + mark.length)) rows++;
        carry = text.subarray(Math.max(0, text.length - mark.length + 1));
        if (final) resolve(rows - 1);
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    for (const c of chunks) unzip.push(c);
    unzip.push(new Uint8Array(0), true);
  });
}

/** One export downloaded whole: seconds to the last byte, bytes, and the rows read back from the file. */
function download(port: number, token: string, url: string, body: object): Promise<{ seconds: number; bytes: number; status: number; type: string; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: url, headers: { accessToken: token, 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        chunks.push(c);
      });
      res.on('end', () => resolve({ seconds: Number(process.hrtime.bigint() - start) / 1e9, bytes, status: res.statusCode ?? 0, type: String(res.headers['content-type']), chunks }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function exports(call: Call, port: number, admin: string, stopsByDay: Map<number, number>, now: number): Promise<void> {
  // The parking export: as many days (ending today) as come nearest 100,000 stops.
  const keys = [...stopsByDay.keys()].sort((a, b) => b - a);
  let parkingDays = 1;
  for (let n = 1, sum = 0, best = Infinity; n <= keys.length; n++) {
    sum += stopsByDay.get(keys[n - 1]!)!;
    if (Math.abs(sum - 100_000) < best) [best, parkingDays] = [Math.abs(sum - 100_000), n];
  }
  const items: [string, { list: string; download: string }, object][] = [
    ['export mileage, 20 days', { list: ReportCalls.mileage.list.path, download: ReportCalls.mileage.download.path }, lastDays(20, now)],
    ['export mileage sorted by mileage, 20 days', { list: ReportCalls.mileage.list.path, download: ReportCalls.mileage.download.path }, { ...lastDays(20, now), sortField: 'mileage', sortOrder: 'desc' }],
    ['export ignition, 20 days', { list: ReportCalls.ignition.list.path, download: ReportCalls.ignition.download.path }, lastDays(20, now)],
    ['export carMileage by day, 20 days', { list: ReportCalls.carMileage.list.path, download: ReportCalls.carMileage.download.path }, { ...lastDays(20, now), granularity: 'day' }],
    [`export parking, ${parkingDays} days`, { list: ReportCalls.parking.list.path, download: ReportCalls.parking.download.path }, lastDays(parkingDays, now)],
  ];
  const chosen = items.filter(([name]) => selected(name));
  if (!chosen.length) return;
  console.log('\nexport                                 rows (findList)  rows in file     size       time');
  const misses: string[] = [];
  for (const [name, paths, filters] of chosen) {
    const listed = JSON.parse((await call('POST', paths.list, admin, { ...filters, pageNumber: 1, pageSize: 1 })).body.toString());
    const got = await download(port, admin, paths.download, filters);
    if (got.status !== 200 || !got.type.includes('spreadsheetml')) {
      console.log(`${name.padEnd(38)} FAILED: HTTP ${got.status} ${Buffer.concat(got.chunks).toString().slice(0, 200)}`);
      misses.push(`${name} (failed)`);
      continue;
    }
    const rows = await countRows(got.chunks);
    console.log(`${name.padEnd(38)} ${fmt(listed.result.count).padStart(15)}  ${fmt(rows).padStart(12)}  ${(got.bytes / 1e6).toFixed(1).padStart(6)} MB  ${got.seconds.toFixed(1).padStart(6)} s`);
    if (got.seconds >= TARGET.exportS) misses.push(`${name} (${got.seconds.toFixed(1)} s)`);
  }
  console.log(`target: each export under ${TARGET.exportS} s — ${misses.length ? `missed by ${misses.join(', ')}` : 'met'}`);
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };
/** Every server path the console calls (apps/web/vite.config.ts): proxied to the bench server. */
const API_PATHS = ['/api', '/publicKey', '/userInfo', '/menu', '/register', '/pd'];

/** The built console from `dir`, with its calls passed to the bench server (which serves no files itself). */
function serveConsole(dir: string, apiPort: number): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (API_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) {
      const upstream = http.request({ host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (url.pathname === '/') file = path.join(dir, 'index.html');
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    // As the server's static plugin does: revalidated by date.
    const modified = fs.statSync(file).mtime.toUTCString();
    if (req.headers['if-modified-since'] === modified) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Last-Modified': modified, 'Cache-Control': 'public, max-age=0' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const FCP = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false;

/**
 * Loads `url` in a new page of `context`: first contentful paint, and when `ready` (run in the page on
 * every frame; it answers performance.now() once what it waits for is on screen) first held, both in
 * ms from the start of navigation.
 */
async function firstPaint(context: Awaited<ReturnType<Browser['newContext']>>, url: string, ready: () => number | false) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 30_000 });
    const readyMs = (await handle.jsonValue()) as number;
    // The paint entry is queued after the frame is presented, a little after `ready` may have seen it.
    const fcpMs = (await (await page.waitForFunction(FCP, undefined, { timeout: 30_000 })).jsonValue()) as number;
    return { fcpMs, readyMs };
  } catch (err) {
    throw new Error(`${(err as Error).message.split('\n')[0]}${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
  } finally {
    await page.close();
  }
}

/** The data board (#/dashboard) as admin at 1920×1080: first contentful paint and counters showing numbers, beside the login page. */
async function dataBoard(apiPort: number, password: string): Promise<void> {
  console.log('\ndata board (#/dashboard), headless Chromium 1920×1080, as admin');
  if (!fs.existsSync(path.join(root, 'apps/web/src/features/dashboard'))) {
    console.log('data board not measured: apps/web/src/features/dashboard does not exist yet');
    return;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-bench-console-'));
  let browser: Browser | undefined;
  let site: { url: string; close: () => void } | undefined;
  try {
    try {
      await build({ configFile: path.join(root, 'apps/web/vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
    } catch (err) {
      console.log(`data board not measured: the console did not build (${(err as Error).message.split('\n')[0]})`);
      return;
    }
    site = await serveConsole(outDir, apiPort);
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    const options = { viewport: { width: 1920, height: 1080 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
    const loginReady = () => (document.querySelector('input[type=password]') ? performance.now() : false);
    const boardReady = () => {
      const counters = document.querySelectorAll('.dashboard-counter');
      const values = Array.from(document.querySelectorAll('.dashboard-counter-value'));
      const shown = counters.length > 0 && values.length === counters.length && values.every((v) => /^\d[\d,]*$/.test(v.textContent ?? ''));
      return shown ? performance.now() : false;
    };
    // The login page: a first load in a new profile, then RUNS loads with the files cached.
    const anon = await browser.newContext(options);
    const login = [];
    for (let i = 0; i <= RUNS; i++) login.push(await firstPaint(anon, `${site.url}/#/login`, loginReady));
    // Signed in through the form, as staff do; then the board opened RUNS + 1 times in that profile
    // (the first load still fetches the board's own code; later ones revalidate it, as with the real server).
    const signed = await browser.newContext(options);
    const page = await signed.newPage();
    await page.goto(`${site.url}/#/login`);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/index/);
    // The home page drawn, as e2e's signedIn waits: the board is opened from a console already in use.
    await page.locator('.ant-layout-footer, footer').first().waitFor();
    await page.close();
    const board = [];
    try {
      for (let i = 0; i <= RUNS; i++) board.push(await firstPaint(signed, `${site.url}/#/dashboard`, boardReady));
    } catch (err) {
      console.log(`data board not measured: the board did not show its counters (${(err as Error).message})`);
      return;
    }
    const line = (name: string, runs: { fcpMs: number; readyMs: number }[], what: string) => {
      const warm = runs.slice(1);
      console.log(
        `${name.padEnd(30)} first contentful paint ${median(warm.map((r) => r.fcpMs)).toFixed(0).padStart(5)} ms (first load ${runs[0]!.fcpMs.toFixed(0)} ms)` +
          `   ${what} ${median(warm.map((r) => r.readyMs)).toFixed(0).padStart(5)} ms (first load ${runs[0]!.readyMs.toFixed(0)} ms)`,
      );
    };
    line('login page (baseline)', login, 'form shown     ');
    line('data board', board, 'counters shown ');
    const fcp = median(board.slice(1).map((r) => r.fcpMs));
    const ready = median(board.slice(1).map((r) => r.readyMs));
    console.log(
      `board ÷ login page: first contentful paint ${(fcp / median(login.slice(1).map((r) => r.fcpMs))).toFixed(2)}×; medians of ${RUNS} loads after a first one\n` +
        `target: board first contentful paint and counters under ${TARGET.boardMs} ms — ${fcp < TARGET.boardMs && ready < TARGET.boardMs ? 'met' : `missed (${fcp.toFixed(0)} ms, ${ready.toFixed(0)} ms)`}` +
        `; first load ${board[0]!.readyMs < TARGET.boardMs ? 'met' : 'missed'} (${board[0]!.readyMs.toFixed(0)} ms)`,
    );
  } finally {
    await browser?.close();
    site?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
