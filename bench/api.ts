// npm run bench:api — POST /api/report/riskWarning/findList under 50 concurrent clients on 1,000,000
// warnings and 10,000,000 positions, next to a bare authenticated call of the same server in the same
// run, then the export of every warning: seconds and the server's peak RSS. Results: docs/benchmarks.md.
//
// The server runs in a child process (bench/http-load.ts), so its memory is its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildBenchDatabase } from './api-data.js';
import { loadClient, startBenchServer, type Load, type Reply } from './http-load.js';
import { fmt, rssBytes } from './lib.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-api-'));
  const file = path.join(dir, 'bench.db');
  const built = await buildBenchDatabase(file);
  const { child, port } = await startBenchServer(file);
  const { call, load, destroy } = loadClient(port, CLIENTS, REQUESTS);
  const pid = child.pid!;
  try {
    const login = async (username: string) => {
      const r = await call('POST', '/api/login', undefined, { username, password: built.password });
      return JSON.parse(r.body.toString()).data.accessToken as string;
    };
    const admin = await login('admin');
    const dealer = await login('dealer1');
    const adminId = built.userIds.admin!;
    const list = (token: string, filters: object) => () => call('POST', '/api/report/riskWarning/findList', token, { pageSize: 10, pageNumber: 1, ...filters });
    const deepPage = Math.floor(built.warnings / 10 / 2);

    console.log(`bench:api on ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), SQLite (WAL)`);
    console.log(`${fmt(built.warnings)} warnings, ${fmt(built.positions)} positions, ${fmt(built.devices)} devices; database ${(fs.statSync(file).size / 1e9).toFixed(2)} GB`);
    console.log(`${CLIENTS} concurrent clients, ${fmt(REQUESTS)} requests per scenario after a warm-up\n`);

    const bare = await load(() => call('GET', `/api/dept/getDeptTreeByUserId?userid=${adminId}`, admin));
    const row = (name: string, r: Load) =>
      console.log(
        `${name.padEnd(40)} ${fmt(r.rps).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms` +
          `  ${(r.rps / bare.rps).toFixed(2)}× bare req/s  p99 ${(r.p99 / bare.p99).toFixed(2)}× bare${r.errors ? `  ${r.errors} ERRORS` : ''}`,
      );
    row('bare: GET /api/dept/getDeptTreeByUserId', bare);
    const scenarios: [string, () => Promise<Reply>][] = [
      ['findList admin, no filter, page 1', list(admin, {})],
      ['findList admin, by type', list(admin, { warningType: 4 })],
      ['findList admin, unhandled', list(admin, { dealStatus: 0 })],
      ['findList admin, by device number', list(admin, { deviceNumber: built.sampleDevice })],
      [`findList admin, page ${fmt(deepPage)}`, list(admin, { pageNumber: deepPage })],
      ['findList admin, by type, unhandled', list(admin, { warningType: 1, dealStatus: 0 })],
      ['findList dealer1, no filter, page 1', list(dealer, {})],
    ];
    let worst = 0;
    for (const [name, send] of scenarios) {
      const r = await load(send);
      worst = Math.max(worst, r.p99);
      row(name, r);
    }
    // With every client on the same two cores, p99 is mostly queueing: the bare call's own p99 is the floor.
    console.log(`\nworst findList p99: ${worst.toFixed(1)} ms = ${(worst / bare.p99).toFixed(2)}× the bare call's ${bare.p99.toFixed(1)} ms   (target: < 50 ms at ${CLIENTS} clients)\n`);

    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 50);
    const r = await call('POST', '/api/report/riskWarning/download', admin, {}, true);
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    const mb = Number(r.body.toString()) / 1e6;
    console.log(`export of all ${fmt(built.warnings)} warnings: HTTP ${r.status}, ${mb.toFixed(1)} MB .xlsx in ${(r.ms / 1000).toFixed(1)} s`);
    console.log(`server RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB during   (target: < 60 s and < 300 MB)`);
  } finally {
    destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
