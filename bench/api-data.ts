// The database of bench:api: the demo organisation, devices up to BENCH_DEVICES, BENCH_POSITIONS
// positions and BENCH_WARNINGS warnings, written by prepared statements in large transactions.
import { WARNING_TYPE_BY_CODE, WARNING_TYPE_CODES } from '@cvrisk/contracts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/demo/seed-demo.js';
import { fmt } from './lib.js';

const WARNINGS = Number(process.env.BENCH_WARNINGS ?? 1_000_000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 10_000_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
/** Warnings spread over a year; one in twenty is still unhandled. */
const SPAN_MS = 365 * 86_400_000;
const OPEN_EVERY = 20;
const TX_ROWS = 50_000;

export type BenchDatabase = {
  warnings: number;
  positions: number;
  devices: number;
  sampleDevice: string;
  password: string;
  userIds: Record<string, number>;
};

/** Seeded, so two runs compare the same rows. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function step(label: string, started: number) {
  let shown = -1;
  return (done: number, total: number) => {
    const pct = Math.floor((done / total) * 100);
    if (pct === shown) return;
    shown = pct;
    const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
    process.stderr.write(`\r  ${label}: ${fmt(done)} / ${fmt(total)} (${fmt(rate)}/s)   ${done >= total ? '\n' : ''}`);
  };
}

export async function buildBenchDatabase(file: string): Promise<BenchDatabase> {
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db);
  const now = Date.now();
  process.stderr.write('  demo organisation…\n');
  await seedDemo(handle.db, { now });
  const sqlite = handle.sqlite!;
  const rand = random(20261123);

  const dealers = (sqlite.prepare(`select id from dept where kind = 'dealer'`).all() as { id: number }[]).map((d) => d.id);
  const existing = (sqlite.prepare('select count(*) n from device').get() as { n: number }).n;
  const addDevice = sqlite.prepare('insert into device (device_number, kind, model, iccid, dept_id, car_id, install_time, created_at) values (?, ?, ?, ?, ?, null, ?, ?)');
  sqlite.transaction(() => {
    for (let i = existing; i < DEVICES; i++) {
      addDevice.run(String(990000000000 + i), i % 3 === 0 ? 2 : 1, 'GT06N', String(89860000000000000000n + BigInt(i)), dealers[i % dealers.length]!, now - SPAN_MS, now);
    }
  })();
  const devices = sqlite.prepare('select d.id, d.device_number, d.dept_id, d.car_id, c.customer_id from device d left join car c on c.id = d.car_id order by d.id').all() as {
    id: number;
    device_number: string;
    dept_id: number;
    car_id: number | null;
    customer_id: number | null;
  }[];

  // Positions in key order (device, time), the order a device's own reports arrive in.
  const addPosition = sqlite.prepare(
    `insert into position (device_id, gps_time, lng, lat, speed, direction, altitude, acc, mileage, satellites, signal, battery, fix_type, alarm_word, status_word, received_at)
     values (?, ?, ?, ?, ?, ?, 30, ?, null, 12, 25, null, 1, 0, 0, ?)`,
  );
  const perDevice = Math.ceil(POSITIONS / devices.length);
  const interval = Math.floor(30 * 86_400_000 / perDevice);
  const positionsDone = step('positions', Date.now());
  let written = 0;
  const positionBatch = sqlite.transaction((from: number, to: number) => {
    for (let d = from; d < to && written < POSITIONS; d++) {
      const dev = devices[d]!;
      const lng = 116 + (dev.id % 500) / 100;
      const lat = 28 + (dev.id % 700) / 100;
      for (let k = 0; k < perDevice && written < POSITIONS; k++, written++) {
        const t = now - (perDevice - k) * interval;
        addPosition.run(dev.id, t, lng + k * 1e-5, lat + k * 1e-5, k % 90, k % 360, k % 2, t + 2000);
      }
    }
  });
  const devicesPerTx = Math.max(1, Math.floor(TX_ROWS / perDevice));
  for (let d = 0; d < devices.length && written < POSITIONS; d += devicesPerTx) {
    positionBatch(d, d + devicesPerTx);
    positionsDone(written, POSITIONS);
  }

  // Warnings in time order, as the engine writes them.
  const adminId = (sqlite.prepare(`select id from app_user where username = 'admin'`).get() as { id: number }).id;
  const addWarning = sqlite.prepare(
    `insert into warning (dept_id, device_id, car_id, customer_id, warning_type, risk_level, deal_status, compound, place_key, warning_time, last_time,
     lng, lat, detail, pushed, deal_user_id, deal_time, deal_description) values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, '{}', 1, ?, ?, ?)`,
  );
  const warningsDone = step('warnings', Date.now());
  const warningBatch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const dev = devices[Math.floor(rand() * devices.length)]!;
      const type = WARNING_TYPE_CODES[Math.floor(rand() * WARNING_TYPE_CODES.length)]!;
      const t = now - SPAN_MS + Math.floor((i / WARNINGS) * SPAN_MS);
      const open = i % OPEN_EVERY === 0;
      const dealt = open ? null : t + Math.floor(rand() * 48 * 3600_000);
      addWarning.run(
        dev.dept_id, dev.id, dev.car_id, dev.customer_id, type, WARNING_TYPE_BY_CODE[type].level, open ? 0 : 1, `bench-${i}`, t, t,
        116 + rand() * 5, 28 + rand() * 7, open ? null : adminId, dealt, open ? null : '已电话联系客户，确认车辆正常使用',
      );
    }
  });
  for (let i = 0; i < WARNINGS; i += TX_ROWS) {
    warningBatch(i, Math.min(WARNINGS, i + TX_ROWS));
    warningsDone(Math.min(WARNINGS, i + TX_ROWS), WARNINGS);
  }
  sqlite.pragma('wal_checkpoint(TRUNCATE)');

  const users = sqlite.prepare('select username, id from app_user').all() as { username: string; id: number }[];
  const sampleDevice = (sqlite.prepare('select d.device_number from warning w join device d on d.id = w.device_id where w.id = 1').get() as { device_number: string }).device_number;
  await handle.close();
  return {
    warnings: WARNINGS,
    positions: written,
    devices: devices.length,
    sampleDevice,
    password: DEMO_PASSWORD,
    userIds: Object.fromEntries(users.map((u) => [u.username, u.id])),
  };
}
