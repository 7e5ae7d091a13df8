import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_CODES_FILE } from '../apps/server/src/telemetry/simulator/auth-codes.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

export function rssBytes(pid: number, field: 'VmRSS' | 'RssAnon' = 'VmRSS'): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
}

/**
 * The auth codes the server's first demo start gave its fitted terminals (kept in DATA_DIR for the
 * simulator): a terminal of the demo signs in with its code, for its number alone registers nothing.
 */
export function demoAuthCodes(dataDir: string): Map<string, string> {
  return new Map(Object.entries(JSON.parse(fs.readFileSync(path.join(dataDir, AUTH_CODES_FILE), 'utf8')) as Record<string, string>));
}

export type RunningServer = { child: ChildProcess; httpPort: number; jt808Port: number; dataDir: string; stop(): Promise<void> };

/**
 * The real server (built), on a fresh demo database, in its own process so its CPU can be measured
 * alone; on `dataDir`'s database instead, to start again after a crash.
 */
export async function startServer(env: Record<string, string> = {}, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-bench-'))): Promise<RunningServer> {
  const httpPort = await freePort();
  const jt808Port = await freePort();
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, ['--max-old-space-size=4096', ...extra, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(httpPort), JT808_PORT: String(jt808Port), LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_HISTORY_DAYS: '0', SIMULATOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += String(c);
      if (out.includes('JT/T 808 gateway:')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    child, httpPort, jt808Port, dataDir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function progress(label: string, done: number, total: number): void {
  process.stdout.write(`\r  ${label}: ${fmt(done)} / ${fmt(total)}   `);
  if (done >= total) process.stdout.write('\n');
}

/** The value at quantile `q` (0–1) of numbers sorted ascending. */
export const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
