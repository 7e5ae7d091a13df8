// node --conditions=cvrisk-source --import tsx bench/monitor.ts — GET /api/monitor/devices on 50,000
// devices (the demo organisation plus generated devices, 90 % of them reporting), through the real
// routes (inject), next to a bare `select` of the same rows as the baseline. Results: docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/demo/seed-demo.js';
import { createTelemetry } from '../apps/server/src/telemetry/telemetry.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 50_000);
const RUNS = 5;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-monitor-'));
const handle = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
await migrateToLatest(handle.db);
const now = Date.now();
await seedDemo(handle.db, { now });

const dealers = (await handle.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').execute()).map((d) => d.id);
const sqlite = handle.sqlite!;
const existing = (sqlite.prepare('select count(*) n from device').get() as { n: number }).n;
const addDevice = sqlite.prepare('insert into device (device_number, kind, model, iccid, dept_id, car_id, install_time, created_at) values (?, ?, ?, ?, ?, null, ?, ?)');
const addStatus = sqlite.prepare(
  `insert into device_status (device_id, last_time, lng, lat, speed, direction, altitude, acc, battery, signal, satellites, mileage, alarm_word, status_word, updated_at)
   values (?, ?, ?, ?, ?, ?, 0, 1, null, 20, 12, null, 0, 0, ?)`,
);
sqlite.transaction(() => {
  for (let i = existing; i < DEVICES; i++) {
    addDevice.run(String(990000000000 + i), i % 3 === 0 ? 2 : 1, 'GT06N', String(89860000000000000000n + BigInt(i)), dealers[i % dealers.length]!, now, now);
  }
  const ids = sqlite.prepare('select id from device').all() as { id: number }[];
  for (const { id } of ids) {
    if (id % 10 === 0) continue;
    addStatus.run(id, now - (id % 600) * 60_000, 100 + (id % 2000) / 100, 22 + (id % 1500) / 100, id % 80, id % 360, now);
  }
})();

const telemetry = createTelemetry(handle);
const app = await buildApp({ db: handle.db, bulk: handle.bulk, telemetry, config: loadConfig({ DATA_DIR: dir }), logger: pino({ level: 'silent' }), loginSlowDownMs: 0 });
const login = async (username: string) =>
  (await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: DEMO_PASSWORD } })).json().data.accessToken as string;

async function best(fn: () => Promise<unknown>): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return fastest;
}

const baseline = await best(async () => sqlite.prepare('select d.id, d.device_number, d.kind, d.dept_id, s.last_time, s.lng, s.lat, s.speed, s.direction from device d left join device_status s on s.device_id = d.id').all());
console.log(`${DEVICES.toLocaleString('en-US')} devices; bare select of the same rows: ${baseline.toFixed(0)} ms (best of ${RUNS})`);
for (const user of ['admin', 'finance1', 'dealer1']) {
  const token = await login(user);
  const get = () => app.inject({ method: 'GET', url: '/api/monitor/devices', headers: { accessToken: token } });
  const ms = await best(get);
  const res = await get();
  const count = (res.json().result as unknown[]).length;
  const bytes = res.rawPayload.length;
  console.log(`${user.padEnd(9)} ${count.toLocaleString('en-US').padStart(7)} devices  ${ms.toFixed(0).padStart(4)} ms  ${(ms / baseline).toFixed(1)}× the bare select  ${(bytes / 1e6).toFixed(1)} MB`);
}

await app.close();
await handle.close();
fs.rmSync(dir, { recursive: true, force: true });
