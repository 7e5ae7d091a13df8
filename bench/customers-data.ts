// The database of bench:customers: the demo organisation, BENCH_CUSTOMERS customers (each with a loan,
// a car and a wired device) and, for BENCH_DRIVEN cars, 30 days of the derived data the portrait reads
// (daily figures, trips, stops, a latest status) — written directly, as the pipeline would have left
// it: generating 30 days of raw positions for 5,000 cars would take the benchmark an hour.
import { dayKey, overdueAmountCents } from '@cvrisk/contracts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/demo/seed-demo.js';
import { fmt } from './lib.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200_000);
const DRIVEN = Number(process.env.BENCH_DRIVEN ?? 5_000);
const DAYS = 30;
const DAY_MS = 86_400_000;

export type CustomersDatabase = { customers: number; driven: number; password: string; drivenCars: { carId: number; customerId: number }[]; dealerNames: string[] };

export async function buildCustomersDatabase(file: string): Promise<CustomersDatabase> {
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db);
  const now = Date.now();
  process.stderr.write('  demo organisation…\n');
  await seedDemo(handle.db, { now });
  const sqlite = handle.sqlite!;
  const dealerRows = sqlite.prepare(`select id, name from dept where kind = 'dealer'`).all() as { id: number; name: string }[];
  const dealers = dealerRows.map((d) => d.id);
  const model = sqlite.prepare('select id, brand_id from car_model limit 1').get() as { id: number; brand_id: number };
  const addCustomer = sqlite.prepare(`insert into customer (dept_id, name, phone, id_card, address, grade, fraud_flag, unhandled_count, created_at) values (?, ?, ?, ?, '', ?, 0, ?, ?)`);
  const addLoan = sqlite.prepare(`insert into loan (customer_id, dept_id, contract_no, amount_cents, term_months, repayment_day, overdue_days, status, start_day, overdue_amount_cents, updated_at)
    values (?, ?, ?, ?, 36, ?, ?, ?, ?, ?, 0)`);
  const addCar = sqlite.prepare(`insert into car (dept_id, customer_id, brand_id, model_id, frame_number, plate_number, color, region_province, region_city, created_at) values (?, ?, ?, ?, ?, ?, '黑色', '浙江省', '杭州市', ?)`);
  const addDevice = sqlite.prepare(`insert into device (device_number, kind, model, iccid, dept_id, car_id, install_time, created_at) values (?, 1, 'GT06', '', ?, ?, ?, ?)`);
  const driven: { carId: number; customerId: number; deviceId: number }[] = [];
  const BATCH = 20_000;
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(CUSTOMERS, start + BATCH); i++) {
        const dept = dealers[i % dealers.length]!;
        // Grade and lateness spread over every dealer, as a real portfolio's are (not in step with `i % dealers`).
        const mix = (Math.imul(i + 1, 2654435761) >>> 0) % 1000;
        const grade = mix < 40 ? 'high' : mix < 150 ? 'potential' : 'general';
        const created = now - (i % 900) * DAY_MS;
        const c = Number(addCustomer.run(dept, `客户${i}`, `139${String(i).padStart(8, '0')}`, `33010219900101${String(i % 10000).padStart(4, '0')}`, grade, grade === 'general' ? 0 : 1 + (i % 4), created).lastInsertRowid);
        const overdue = mix % 12 === 0 ? 1 + (i % 119) : 0;
        const amount = (50 + (i % 300)) * 1000 * 100;
        addLoan.run(c, dept, `BC${String(i).padStart(9, '0')}`, amount, 1 + (i % 28), overdue, overdue > 0 ? 'overdue' : 'normal', dayKey(created), overdueAmountCents(amount, 36, overdue));
        const car = Number(addCar.run(dept, c, model.brand_id, model.id, `LBENCH${String(i).padStart(11, '0')}`, `浙B${String(i).padStart(6, '0')}`, created).lastInsertRowid);
        const device = Number(addDevice.run(`9${String(i).padStart(11, '0')}`, dept, car, created + 3600_000, created).lastInsertRowid);
        if (driven.length < DRIVEN && i % Math.max(1, Math.floor(CUSTOMERS / DRIVEN)) === 0) driven.push({ carId: car, customerId: c, deviceId: device });
      }
    })();
    process.stderr.write(`\r  customers: ${fmt(Math.min(CUSTOMERS, start + BATCH))} / ${fmt(CUSTOMERS)}   `);
  }
  process.stderr.write('\n');

  const addDaily = sqlite.prepare('insert into device_daily (device_id, day, mileage_m, acc_on_ms, acc_on_count, fixes, max_speed) values (?, ?, ?, ?, 2, ?, ?)');
  const addTrip = sqlite.prepare('insert into trip (device_id, start_time, end_time, start_lng, start_lat, end_lng, end_lat, distance_m, max_speed) values (?, ?, ?, 120.15, 30.27, 120.25, 30.3, ?, 80)');
  const addStop = sqlite.prepare('insert into stop (device_id, start_time, end_time, lng, lat, closed) values (?, ?, ?, ?, ?, 1)');
  const addStatus = sqlite.prepare('insert into device_status (device_id, last_time, lng, lat, speed, direction, altitude, acc, alarm_word, status_word, updated_at) values (?, ?, 120.15, 30.27, 0, 0, 0, 0, 0, 0, ?)');
  const today = now - ((now + 8 * 3600_000) % DAY_MS);
  for (let k = 0; k < driven.length; k += 500) {
    sqlite.transaction(() => {
      for (const d of driven.slice(k, k + 500)) {
        for (let day = DAYS - 1; day >= 0; day--) {
          const midnight = today - day * DAY_MS;
          const out = midnight + 8 * 3600_000;
          const back = midnight + 18 * 3600_000;
          addDaily.run(d.deviceId, dayKey(midnight + 12 * 3600_000), 24_000, 3_600_000, 200, 90);
          addTrip.run(d.deviceId, out, out + 1_800_000, 12_000);
          addTrip.run(d.deviceId, back, back + 1_800_000, 12_000);
          addStop.run(d.deviceId, out + 1_800_000, back, 120.25, 30.3);
          addStop.run(d.deviceId, back + 1_800_000, out + DAY_MS, 120.15, 30.27);
        }
        addStatus.run(d.deviceId, now - 60_000, now);
      }
    })();
    process.stderr.write(`\r  driven cars: ${fmt(Math.min(driven.length, k + 500))} / ${fmt(driven.length)}   `);
  }
  process.stderr.write('\n');
  await handle.close();
  return { customers: CUSTOMERS, driven: driven.length, password: DEMO_PASSWORD, drivenCars: driven, dealerNames: dealerRows.map((d) => d.name) };
}
