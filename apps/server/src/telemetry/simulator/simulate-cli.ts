import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { DEFAULT_DEMO_SEED } from '../../demo/seed-demo.js';
import { AUTH_CODES_FILE, authCodeFile } from './auth-codes.js';
import type { Connection } from './device-link.js';
import { loadFleetSource } from './fleet-source.js';
import { planFleet } from './fleet-plan.js';
import { runHistory } from './history-runner.js';
import { startLive } from './live-runner.js';

const USAGE = `npm run simulate -- [options]
  --host H            JT/T 808 gateway host (default 127.0.0.1)
  --port P            JT/T 808 gateway port (default JT808_PORT, 6808)
  --devices N         drive the first N fitted devices of the database (default: all)
  --history-days D    first upload the last D days as blind-area batches (default 0: none)
  --live              then keep reporting live (the default when there is no history)
  --speed X           simulated seconds per real second in live mode (default 1)
  --seed S            plan seed (default the demo seed)
  --codes FILE        where the terminals keep their auth codes (default DATA_DIR/${AUTH_CODES_FILE},
                      shared with the server's own demo fleet)
  --http URL --api-key KEY   send through the HTTP ingest API instead of JT/T 808
The database is the server's: DATA_DIR or DATABASE_URL, as for npm start.`;

function options() {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string' },
      devices: { type: 'string' },
      'history-days': { type: 'string', default: '0' },
      live: { type: 'boolean', default: false },
      speed: { type: 'string', default: '1' },
      seed: { type: 'string', default: String(DEFAULT_DEMO_SEED) },
      http: { type: 'string' },
      'api-key': { type: 'string' },
      codes: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const number = (name: string, v: string | undefined, min: number): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}, not "${v}"`);
    return n;
  };
  if (values.http && !values['api-key']) throw new Error('--http needs --api-key');
  const historyDays = number('history-days', values['history-days'], 0)!;
  return {
    help: values.help,
    host: values.host,
    port: number('port', values.port, 1),
    devices: number('devices', values.devices, 1),
    historyDays,
    live: values.live || historyDays === 0,
    speed: number('speed', values.speed, 0.001)!,
    seed: number('seed', values.seed, 0)!,
    http: values.http ? { url: values.http, apiKey: values['api-key']! } : null,
    codes: values.codes,
  };
}

async function main(): Promise<void> {
  const o = options();
  if (o.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const handle = openDatabase(config);
  const source = await loadFleetSource(handle.db, o.devices === undefined ? {} : { maxDevices: o.devices }).finally(() => handle.close());
  const now = Date.now();
  const plan = planFleet(source, { seed: o.seed, now, historyDays: o.historyDays });
  if (plan.devices.length === 0) throw new Error(`no devices fitted to cars in ${handle.kind === 'sqlite' ? config.sqliteFile : 'the database'} (start the server once to load the demo data)`);
  const connection: Connection = o.http ? { transport: 'http', ...o.http } : { transport: 'tcp', host: o.host, port: o.port ?? config.jt808Port };
  const where = connection.transport === 'http' ? connection.url : `${o.host}:${o.port ?? config.jt808Port}`;
  const kinds = new Map<string, number>();
  for (const e of plan.episodes) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
  console.log(`simulate: ${plan.devices.length} devices on ${plan.cars.length} cars → ${where} (${connection.transport})`);
  if (plan.skippedCars) console.log(`  ${plan.skippedCars} cars skipped: their dealer's city is not one the simulator knows`);
  console.log(`  episodes: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const authCodes = authCodeFile(o.codes ?? path.join(config.dataDir, AUTH_CODES_FILE));

  if (o.historyDays > 0) {
    const started = Date.now();
    let shown = 0;
    const r = await runHistory({
      plan, connection, authCodes,
      onProgress(done, total, positions) {
        if (Date.now() - shown < 2000 && done < total) return;
        shown = Date.now();
        console.log(`  history: ${done}/${total} devices, ${positions} positions`);
      },
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`history: ${r.positions} positions of ${r.devices} devices in ${seconds.toFixed(1)} s (${Math.round(r.positions / seconds)}/s)`);
    for (const f of r.failed.slice(0, 10)) console.log(`  failed ${f.device}: ${f.error}`);
    if (r.failed.length) process.exitCode = 1;
  }
  if (!o.live) {
    authCodes.flush();
    return;
  }

  const errors = new Map<string, number>();
  const live = startLive({
    plan, connection, authCodes, from: plan.end, speed: o.speed, ...(o.speed === 1 ? {} : { simStart: plan.end }),
    onError: (_device, err) => errors.set(err.message, (errors.get(err.message) ?? 0) + 1),
  });
  console.log(`live: reporting${o.speed === 1 ? '' : ` at ${o.speed}× speed`}; Ctrl-C stops.`);
  const status = setInterval(() => {
    const sim = new Date(live.simTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    console.log(`  live ${sim}: ${live.stats.positions} positions, ${live.stats.connects} connections, ${live.stats.errors} errors`);
    for (const [message, n] of errors) console.log(`    ${n}× ${message}`);
    errors.clear();
  }, 30_000);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(status);
  await live.stop();
  authCodes.flush();
  console.log(`live: stopped after ${live.stats.positions} positions.`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error('simulate:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
