// npm run bench:api — POST /api/report/riskWarning/findList under 50 concurrent clients on 1,000,000
// warnings and 10,000,000 positions, next to a bare authenticated call of the same server in the same
// run, then the export of every warning: seconds and the server's peak RSS. Results: docs/benchmarks.md.
//
// The server runs in a child process (this file with `serve <db file>`), so its memory is its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createTelemetry } from '../apps/server/src/telemetry/telemetry.js';
import { buildBenchDatabase } from './api-data.js';
import { fmt, quantile, root, rssBytes } from './lib.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const WARMUP = 200;

/** The child: the real app (buildApp) on the prepared database, on 127.0.0.1. */
async function serve(file: string): Promise<void> {
  const handle = openDatabase({ sqliteFile: file });
  const app = await buildApp({
    db: handle.db,
    bulk: handle.bulk,
    telemetry: createTelemetry(handle),
    config: loadConfig({ DATA_DIR: path.dirname(file) }),
    logger: pino({ level: 'warn' }),
    loginSlowDownMs: 0,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
}

type Reply = { status: number; body: Buffer; ms: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function call(port: number, method: string, url: string, token?: string, body?: object, sink = false): Promise<Reply> {
  const payload = body ? JSON.stringify(body) : undefined;
  const headers: Record<string, string> = { ...(token ? { accessToken: token } : {}), ...(payload ? { 'Content-Type': 'application/json' } : {}) };
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      // An export is counted, not kept: the client must not be the one running out of memory.
      res.on('data', (c: Buffer) => (sink ? (bytes += c.length) : chunks.push(c)));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: sink ? Buffer.from(String(bytes)) : Buffer.concat(chunks), ms: Number(process.hrtime.bigint() - start) / 1e6 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

type Load = { rps: number; p50: number; p99: number; errors: number };

/** `requests` calls by `CLIENTS` loops at once, after a warm-up; every reply must be code 200. */
async function load(send: () => Promise<Reply>, requests = REQUESTS): Promise<Load> {
  const run = async (n: number, times: number[]) => {
    let left = n;
    let errors = 0;
    const loop = async () => {
      while (left-- > 0) {
        const r = await send();
        times.push(r.ms);
        if (r.status !== 200 || JSON.parse(r.body.toString()).code !== 200) errors++;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, loop));
    return errors;
  };
  await run(WARMUP, []);
  const times: number[] = [];
  const start = process.hrtime.bigint();
  const errors = await run(requests, times);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  times.sort((a, b) => a - b);
  return { rps: requests / seconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors };
}

async function startChild(file: string) {
  const child = spawn(process.execPath, ['--conditions=cvrisk-source', '--import', 'tsx', path.join(root, 'bench/api.ts'), 'serve', file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += String(c);
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, port };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-api-'));
  const file = path.join(dir, 'bench.db');
  const built = await buildBenchDatabase(file);
  const { child, port } = await startChild(file);
  const pid = child.pid!;
  try {
    const login = async (username: string) => {
      const r = await call(port, 'POST', '/api/login', undefined, { username, password: built.password });
      return JSON.parse(r.body.toString()).data.accessToken as string;
    };
    const admin = await login('admin');
    const dealer = await login('dealer1');
    const adminId = built.userIds.admin!;
    const list = (token: string, filters: object) => () => call(port, 'POST', '/api/report/riskWarning/findList', token, { pageSize: 10, pageNumber: 1, ...filters });
    const deepPage = Math.floor(built.warnings / 10 / 2);

    console.log(`bench:api on ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), SQLite (WAL)`);
    console.log(`${fmt(built.warnings)} warnings, ${fmt(built.positions)} positions, ${fmt(built.devices)} devices; database ${(fs.statSync(file).size / 1e9).toFixed(2)} GB`);
    console.log(`${CLIENTS} concurrent clients, ${fmt(REQUESTS)} requests per scenario after ${WARMUP} warm-up\n`);

    const bare = await load(() => call(port, 'GET', `/api/dept/getDeptTreeByUserId?userid=${adminId}`, admin));
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
    const r = await call(port, 'POST', '/api/report/riskWarning/download', admin, {}, true);
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    const mb = Number(r.body.toString()) / 1e6;
    console.log(`export of all ${fmt(built.warnings)} warnings: HTTP ${r.status}, ${mb.toFixed(1)} MB .xlsx in ${(r.ms / 1000).toFixed(1)} s`);
    console.log(`server RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB during   (target: < 60 s and < 300 MB)`);
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Last: everything above (the agent included) must exist before either role starts.
if (process.argv[2] === 'serve') await serve(process.argv[3]!);
else await main();
