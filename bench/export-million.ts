// npm run bench:export — the risk-warning export (风险预警 → 导出) of 1,000,000 warnings through the real
// server, asked for exactly as the console asks: in the list's default order, sorted by 风险等级 (a click
// on the column), and with a 预警时间 range over the whole year (the filter form's range picker). The
// same-run baseline of each is the same export on a copy of the database keeping every tenth warning
// (100,000, same year, devices and proportions), so 1M ÷ 100k says whether time and memory grow
// linearly. Each file is kept in a temp directory and read back afterwards (not timed) to count its rows
// and check its order. Results: docs/benchmarks.md.
import { CLIENT_HEADERS, EXPORT_TIMEOUT_MS, formatTime, RISK_LEVEL_LABELS, TOKEN_NAME, WarningCalls } from '@cvrisk/contracts';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.js';
import { openSheet } from '../apps/server/src/lib/xlsx-read.js';
import { startBenchServer } from './http-load.js';
import { cpuSeconds, fmt, rssBytes } from './lib.js';

/** The baseline keeps one warning in this many. */
const THIN = 10;
// The export needs warnings only: positions would cost minutes of seeding and change nothing it reads.
process.env.BENCH_POSITIONS ??= '0';
const { buildBenchDatabase } = await import('./api-data.js');

type Export = { status: number; encoding: string; bytes: number; seconds: number; rssBefore: number; rssPeak: number; cpu: number; file: string };

/** POSTs `body` to the export as the console's download does and writes the reply to `file`, sampling the server's RSS every 50 ms. */
function exportTo(port: number, pid: number, token: string, body: object, file: string, label: string): Promise<Export> {
  const payload = JSON.stringify(body);
  // A browser always offers compression; the .xlsx type is not compressed, and the table says so if that ever changes.
  const headers = { ...CLIENT_HEADERS, Accept: 'application/json, */*', [TOKEN_NAME]: token, 'Content-Type': 'application/json;charset=UTF-8', 'Accept-Encoding': 'gzip, deflate, br, zstd' };
  const rssBefore = rssBytes(pid);
  const cpuBefore = cpuSeconds(pid);
  let rssPeak = rssBefore;
  let bytes = 0;
  const started = Date.now();
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(pid))), 50);
  const shown = setInterval(
    () => process.stderr.write(`\r  ${label}: ${(bytes / 1e6).toFixed(1)} MB received, ${((Date.now() - started) / 1000).toFixed(0)} s, server RSS ${(rssBytes(pid) / 1e6).toFixed(0)} MB   `),
    1000,
  );
  return new Promise<Export>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: WarningCalls.download.method, path: WarningCalls.download.path, headers, timeout: EXPORT_TIMEOUT_MS }, (res) => {
      const out = fs.createWriteStream(file);
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.pipe(out);
      out.on('finish', () => {
        const seconds = (Date.now() - started) / 1000;
        rssPeak = Math.max(rssPeak, rssBytes(pid));
        process.stderr.write(`\r  ${label}: ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s${' '.repeat(30)}\n`);
        resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'none'), bytes, seconds, rssBefore, rssPeak, cpu: cpuSeconds(pid) - cpuBefore, file });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no reply within the console's export time-out (${EXPORT_TIMEOUT_MS / 1000} s)`)));
    req.on('error', reject);
    req.end(payload);
  }).finally(() => {
    clearInterval(sampler);
    clearInterval(shown);
  });
}

const LEVEL_OF = new Map(Object.entries(RISK_LEVEL_LABELS).map(([code, l]) => [l.zh, Number(code)]));
const RISK_COLUMN = 2;
const TIME_COLUMN = 5;

/** The file's data rows, and the first row out of the order asked for (by level, high first, then newest first; or newest first). */
function readBack(file: string, byLevel: boolean): { rows: number; outOfOrder: number | null } {
  const big = 1e12;
  const sheet = openSheet(fs.readFileSync(file), {
    limits: { inflatedBytes: big, partBytes: big, rows: big, columns: 64, cellChars: 32_767, rowBytes: 1 << 20, sharedStrings: big, sharedStringChars: big },
  });
  let rows = 0;
  let outOfOrder: number | null = null;
  let prev: [number, string] | null = null;
  for (const { row, cells } of sheet.rows) {
    if (row === 1) continue;
    rows++;
    const key: [number, string] = [byLevel ? LEVEL_OF.get(String(cells[RISK_COLUMN]))! : 0, String(cells[TIME_COLUMN])];
    if (outOfOrder === null && prev && (key[0] < prev[0] || (key[0] === prev[0] && key[1] > prev[1]))) outOfOrder = row;
    prev = key;
    if (rows % 100_000 === 0) process.stderr.write(`\r  reading ${path.basename(file)} back: ${fmt(rows)} rows   `);
  }
  if (rows >= 100_000) process.stderr.write('\n');
  return { rows, outOfOrder };
}

/** A copy of the bench database keeping every THIN-th warning, deleted a slice at a time to show progress. */
function thinnedCopy(from: string, to: string, warnings: number): void {
  fs.copyFileSync(from, to);
  const handle = openDatabase({ sqliteFile: to });
  const drop = handle.sqlite!.prepare(`delete from warning where id > ? and id <= ? and id % ${THIN} != 0`);
  const slice = 100_000;
  for (let id = 0; id < warnings; id += slice) {
    drop.run(id, id + slice);
    const done = Math.min(warnings, id + slice);
    process.stderr.write(`\r  baseline: keeping every ${THIN}th warning of a copy, ${fmt(done)} / ${fmt(warnings)} looked at   ${done >= warnings ? '\n' : ''}`);
  }
  handle.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
  handle.sqlite!.close();
}

/** Every console body, exported in turn from a server started on `dbFile`. */
async function exportAll(dbFile: string, password: string, bodies: [string, object][], tag: string): Promise<Export[]> {
  const { child, port } = await startBenchServer(dbFile);
  const pid = child.pid!;
  try {
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const results: Export[] = [];
    for (const [name, body] of bodies) {
      results.push(await exportTo(port, pid, token, body, path.join(path.dirname(dbFile), `${tag}-${results.length}.xlsx`), `${tag}, ${name}`));
    }
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-export-'));
  const dbFile = path.join(dir, 'bench.db');
  const baseFile = path.join(dir, 'baseline.db');
  try {
    const built = await buildBenchDatabase(dbFile);
    thinnedCopy(dbFile, baseFile, built.warnings);
    // Console bodies: 处理状态 cleared (every status) sends no dealStatus; the sort goes as the list holds it.
    const year = `${formatTime(Date.now() - 366 * 86_400_000)},${formatTime(Date.now() + 86_400_000)}`;
    const cases: [string, object, boolean][] = [
      ['default order', {}, false],
      ['sorted by 风险等级', { sortField: 'riskLevel', sortOrder: 'desc' }, true],
      ['预警时间 over the year', { warningTime: year }, false],
    ];
    console.log(`bench:export on ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), SQLite (WAL)`);
    console.log(`${fmt(built.warnings)} warnings over a year, all visible to admin (database ${(fs.statSync(dbFile).size / 1e9).toFixed(2)} GB); baseline: every ${THIN}th of them`);
    console.log(`${WarningCalls.download.method} ${WarningCalls.download.path}\n`);
    const bodies = cases.map(([name, body]): [string, object] => [name, body]);
    const small = await exportAll(baseFile, built.password, bodies, 'baseline');
    const large = await exportAll(dbFile, built.password, bodies, 'all');

    const read = (r: Export, byLevel: boolean) => ({ ...r, ...readBack(r.file, byLevel) });
    const pairs = cases.map(([name, , byLevel], i) => ({ name, base: read(small[i]!, byLevel), big: read(large[i]!, byLevel) }));
    console.log(`\n${'export'.padEnd(34)} ${'rows'.padStart(9)} ${'HTTP'.padStart(4)} ${'s'.padStart(6)} ${'MB'.padStart(6)} ${'server CPU s'.padStart(12)} ${'RSS before'.padStart(10)} ${'peak'.padStart(6)} ${'peak − before'.padStart(13)}  order as asked`);
    for (const { name, base, big } of pairs) {
      for (const r of [base, big]) {
        const order = r.outOfOrder === null ? 'yes' : `NO (first out of order: sheet row ${fmt(r.outOfOrder)})`;
        console.log(
          `${`${name}, ${fmt(r.rows)}`.padEnd(34)} ${fmt(r.rows).padStart(9)} ${String(r.status).padStart(4)} ${r.seconds.toFixed(1).padStart(6)} ${(r.bytes / 1e6).toFixed(1).padStart(6)} ${r.cpu.toFixed(1).padStart(12)}` +
            ` ${`${(r.rssBefore / 1e6).toFixed(0)} MB`.padStart(10)} ${(r.rssPeak / 1e6).toFixed(0).padStart(6)} ${`${((r.rssPeak - r.rssBefore) / 1e6).toFixed(0)} MB`.padStart(13)}  ${order}` +
            (r.encoding === 'none' ? '' : `  (content-encoding ${r.encoding})`),
        );
      }
    }
    for (const { name, base, big } of pairs) {
      const growth = (r: typeof base) => r.rssPeak - r.rssBefore;
      // A baseline that grew by less than a megabyte makes the ratio noise.
      const memory = growth(base) < 1e6 ? `peak RSS growth ${(growth(big) / 1e6).toFixed(0)} MB (baseline's < 1 MB)` : `peak RSS growth ${(growth(big) / growth(base)).toFixed(2)}×`;
      console.log(
        `\n${name}, ${fmt(big.rows)} ÷ ${fmt(base.rows)}: rows ${(big.rows / base.rows).toFixed(2)}×, time ${(big.seconds / base.seconds).toFixed(2)}×, bytes ${(big.bytes / base.bytes).toFixed(2)}×,` +
          ` server CPU ${(big.cpu / base.cpu).toFixed(2)}×, ${memory}` +
          `   (within the console's ${EXPORT_TIMEOUT_MS / 1000} s export time-out: ${big.seconds < EXPORT_TIMEOUT_MS / 1000 ? 'yes' : 'NO'})`,
      );
    }
  } finally {
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
