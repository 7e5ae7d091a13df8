// The HTTP side of the API benchmarks: the real server (buildApp) in a child process on a prepared
// SQLite file, so its memory and CPU are its own; keep-alive clients; concurrent load with p50/p99.
// Run as `http-load.ts serve <db file>` it is that child.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createTelemetry } from '../apps/server/src/telemetry/telemetry.js';
import { quantile, root } from './lib.js';

const WARMUP = 200;

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
  // Exit rather than die on the bench's SIGTERM, so a --cpu-prof given in BENCH_SERVER_NODE_ARGS is written.
  process.once('SIGTERM', () => process.exit(0));
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
}

export type Reply = { status: number; body: Buffer; ms: number };
export type Load = { rps: number; p50: number; p99: number; errors: number };

/** Starts the server on `file` in a child process and answers its port. */
export async function startBenchServer(file: string) {
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--conditions=cvrisk-source', '--import', 'tsx', path.join(root, 'bench/http-load.ts'), 'serve', file], {
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

/** `clients` keep-alive connections to the server on `port`. */
export function loadClient(port: number, clients: number, requestsPerScenario: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

  function call(method: string, url: string, token?: string, body?: object, sink = false): Promise<Reply> {
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

  /** `requests` calls by `clients` loops at once, after a warm-up; every reply must be code 200. */
  async function load(send: () => Promise<Reply>, requests = requestsPerScenario): Promise<Load> {
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
      await Promise.all(Array.from({ length: clients }, loop));
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

  return { call, load, destroy: () => agent.destroy() };
}

if (process.argv[2] === 'serve' && process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[3]!);
