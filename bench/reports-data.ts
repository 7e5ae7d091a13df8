// The database of bench:reports: the demo organisation, BENCH_CARS cars (each with a customer, a loan
// and a wired device fitted by its institution's installer company) and 30 days, ending now, of what
// the position pipeline would have derived for them — daily figures, stops, trips, driving events — and
// the risk engine's warnings (about three a car a week). Written directly: generating and deriving 30
// days of raw positions for 5,000 cars would take the benchmark an hour. Every figure comes from a
// per-car, per-day seeded generator (no Math.random: runs compare), and each day is built as a timeline
// of stops and trips first, so the daily sums agree with the stop and trip rows.
import { dayKey, WARNING_TYPE_BY_CODE, WARNING_TYPE_CODES, overdueAmountCents } from '@cvrisk/contracts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/demo/seed-demo.js';
import { fmt } from './lib.js';

const CARS = Number(process.env.BENCH_CARS ?? 5_000);
export const DAYS = 30;
const DAY_MS = 86_400_000;
const HOUR = 3600_000;
const MIN = 60_000;
/** Shanghai is UTC+8 all year. */
const OFFSET_MS = 8 * HOUR;
const CARS_PER_TX = 200;

/** A 32-bit mix of a few integers (murmur3's finaliser), so figures do not follow the car's index. */
export function hash(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h = Math.imul(h ^ x, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** mulberry32: a stream of numbers in [0, 1) from a seed. */
function stream(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Eleven Zhejiang cities; 300 places scattered around them (depots, homes, offices, malls). */
const CITIES = [
  ['杭州市', 120.15, 30.27], ['宁波市', 121.55, 29.87], ['温州市', 120.7, 28.0], ['绍兴市', 120.58, 30.0], ['嘉兴市', 120.75, 30.75], ['湖州市', 120.09, 30.89],
  ['金华市', 119.65, 29.08], ['台州市', 121.42, 28.66], ['衢州市', 118.87, 28.94], ['丽水市', 119.92, 28.45], ['舟山市', 122.2, 30.0],
] as const;
const PLACES = Array.from({ length: 300 }, (_, p) => {
  const [city, lng, lat] = CITIES[hash(p, 1) % CITIES.length]!;
  return { city, lng: lng + ((hash(p, 2) % 3000) - 1500) / 10_000, lat: lat + ((hash(p, 3) % 3000) - 1500) / 10_000 };
});

/** A driver's habits: how far, how often idle, how rough, whether out at night, and their four usual places. */
function profileOf(car: number) {
  const r = stream(hash(car, 0xca7));
  const home = Math.floor(r() * PLACES.length);
  const near = () => (home + 1 + Math.floor(r() * 20)) % PLACES.length;
  return { scale: 0.5 + r() * 1.1, idle: 0.04 + r() * 0.2, rough: r() ** 3, nightOwl: r() < 0.15, places: [home, near(), near(), Math.floor(r() * PLACES.length)] };
}
type Profile = ReturnType<typeof profileOf>;

type Trip = { start: number; end: number; from: number; to: number; m: number; maxSpeed: number; drive: number; harshAcc: number; harshBrake: number; speeding: boolean; fatigue: boolean };
type Stop = { start: number; end: number; place: number; closed: number };

/**
 * One car's day from midnight (epoch ms) as the pipeline would see it by `now`: a stop from midnight,
 * then trips separated by stops, the last stop running to midnight (or still open now).
 */
function dayOf(car: number, p: Profile, midnight: number, now: number) {
  const r = stream(hash(car, dayKey(midnight + HOUR)));
  const weekend = [0, 6].includes(new Date(midnight + OFFSET_MS).getUTCDay());
  const idle = r() < p.idle + (weekend ? 0.1 : 0);
  const fatigueDay = !idle && r() < 0.005 + p.rough * 0.03;
  const count = idle ? 0 : fatigueDay ? 1 + Math.floor(r() * 2) : 1 + Math.floor(r() ** 1.4 * 5);
  const from = midnight + (p.nightOwl && r() < 0.4 ? 4.5 * HOUR : 6.5 * HOUR);
  const to = midnight + (p.nightOwl && r() < 0.5 ? 23.8 * HOUR : 22 * HOUR);
  const slot = (to - from) / Math.max(1, count);
  let trips: Trip[] = [];
  let at = p.places[0]!;
  for (let i = 0; i < count; i++) {
    const long = fatigueDay && i === 0;
    const ms = long ? 4 * HOUR + (5 + r() * 35) * MIN : (8 + r() * Math.min(75, (slot / MIN) * 0.7)) * MIN;
    const start = Math.round(from + i * slot + r() * Math.max(0, slot - ms));
    const kmh = long ? 55 + r() * 15 : 18 + r() * 40;
    const speeding = r() < 0.01 + p.rough * 0.08;
    const next = i === count - 1 ? p.places[0]! : p.places[1 + Math.floor(r() * 3)]!;
    trips.push({
      start, end: Math.round(start + ms), from: at, to: next, m: Math.round(kmh * (ms / HOUR) * 1000 * (long ? 1 : p.scale)),
      maxSpeed: speeding ? 121 + Math.round(r() * 25) : Math.round(Math.min(118, kmh * (1.4 + r() * 0.6))), drive: Math.round(ms * (0.82 + r() * 0.13)),
      harshAcc: r() < 0.02 + p.rough * 0.15 ? 1 + Math.floor(r() * 2) : 0, harshBrake: r() < 0.03 + p.rough * 0.15 ? 1 + Math.floor(r() * 2) : 0, speeding, fatigue: long,
    });
    at = next;
  }
  // No more than 300 km a day: a longer day is scaled down.
  const total = trips.reduce((s, t) => s + t.m, 0);
  if (total > 300_000) for (const t of trips) t.m = Math.floor((t.m * 300_000) / total);
  // A trip is stored when it ends: today's trip still under way is not there yet, though the stop before it has ended.
  const planned = trips;
  trips = trips.filter((t) => t.end <= now);
  const stops: Stop[] = [];
  for (let i = 0; i <= trips.length; i++) {
    const start = i === 0 ? midnight : trips[i - 1]!.end;
    const end = i < planned.length ? planned[i]!.start : midnight + DAY_MS;
    if (start >= now) break;
    stops.push({ start, end: Math.min(end, now), place: i === 0 ? p.places[0]! : trips[i - 1]!.to, closed: end <= now ? 1 : 0 });
  }
  return { trips, stops, extraAcc: trips.length > 0 && r() < 0.1 ? Math.round((2 + r() * 8) * MIN) : 0, drift: Math.round(r() * 300) };
}

/** The device_daily row of a day: every figure the reports add up, from the day's stops and trips. */
function figuresOf(day: ReturnType<typeof dayOf>, midnight: number) {
  const { trips, stops } = day;
  const sum = (f: (t: Trip) => number) => trips.reduce((s, t) => s + f(t), 0);
  const night = (t: Trip) => Math.max(0, Math.min(t.end, midnight + 5 * HOUR) - t.start) + Math.max(0, t.end - Math.max(t.start, midnight + 22 * HOUR));
  const band = (b: string) => stops.filter((s) => {
    const h = new Date(s.start + OFFSET_MS).getUTCHours();
    return (h >= 22 || h < 6 ? 'night' : h < 10 ? 'morning' : h < 17 ? 'day' : 'evening') === b;
  }).length;
  const tripMs = sum((t) => t.end - t.start);
  const stopMs = stops.reduce((s, x) => s + x.end - x.start, 0);
  const driveMs = sum((t) => t.drive);
  const tripM = sum((t) => t.m);
  return {
    mileage_m: tripM > 0 ? tripM + day.drift : 0,
    acc_on_ms: tripMs + sum((t) => Math.round((t.end - t.start) * 0.04)) + day.extraAcc,
    acc_on_count: trips.length + (day.extraAcc > 0 ? 1 : 0),
    fixes: Math.round(driveMs / 10_000 + (stopMs + tripMs - driveMs) / 600_000),
    max_speed: trips.reduce((m, t) => Math.max(m, t.maxSpeed), 0),
    harsh_acc: sum((t) => t.harshAcc), harsh_brake: sum((t) => t.harshBrake), speeding: sum((t) => (t.speeding ? 1 : 0)), fatigue: sum((t) => (t.fatigue ? 1 : 0)),
    drive_ms: driveMs, night_drive_ms: sum((t) => Math.round((night(t) * t.drive) / (t.end - t.start))), night_mileage_m: sum((t) => Math.round((night(t) * t.m) / (t.end - t.start))),
    trips: trips.length, trip_ms: tripMs, trip_m: tripM,
    stops: stops.length, stop_ms: stopMs, stops_night: band('night'), stops_morning: band('morning'), stops_day: band('day'), stops_evening: band('evening'),
  };
}

export type ReportsDatabase = {
  cars: number; password: string; dailyRows: number; stops: number; trips: number; events: number; warnings: number;
  /** Stops begun on each day (day key → count), to pick an export period of a given size. */
  stopsByDay: Map<number, number>;
  /** The dealer finance1 sees first, for the filtered scenario. */
  dealerId: number;
};

export async function buildReportsDatabase(file: string, now = Date.now()): Promise<ReportsDatabase> {
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db);
  process.stderr.write('  demo organisation…\n');
  await seedDemo(handle.db, { now });
  const sqlite = handle.sqlite!;
  const dealers = sqlite.prepare(`select d.id, (select min(i.id) from dept i where i.parent_id = d.parent_id and i.kind = 'installer') as installer
    from dept d where d.kind = 'dealer' order by d.id`).all() as { id: number; installer: number | null }[];
  const model = sqlite.prepare('select id, brand_id from car_model limit 1').get() as { id: number; brand_id: number };
  const adminId = (sqlite.prepare(`select id from app_user where username = 'admin'`).get() as { id: number }).id;
  const financeDealer = (sqlite.prepare(`select d.id from dept d join app_user u on u.dept_id = d.parent_id where u.username = 'finance1' and d.kind = 'dealer' order by d.id limit 1`).get() as { id: number }).id;

  const addCustomer = sqlite.prepare(`insert into customer (dept_id, name, phone, id_card, address, grade, fraud_flag, unhandled_count, created_at) values (?, ?, ?, ?, '', ?, 0, 0, ?)`);
  const addLoan = sqlite.prepare(`insert into loan (customer_id, dept_id, contract_no, amount_cents, term_months, repayment_day, overdue_days, status, start_day, overdue_amount_cents, updated_at)
    values (?, ?, ?, ?, 36, ?, ?, ?, ?, ?, 0)`);
  const addCar = sqlite.prepare(`insert into car (dept_id, customer_id, brand_id, model_id, frame_number, plate_number, color, region_province, region_city, created_at) values (?, ?, ?, ?, ?, ?, '白色', '浙江省', ?, ?)`);
  const addDevice = sqlite.prepare(`insert into device (device_number, kind, model, iccid, dept_id, car_id, install_time, created_at, installer_dept_id) values (?, 1, 'GT06', '', ?, ?, ?, ?, ?)`);
  const addStatus = sqlite.prepare('insert into device_status (device_id, last_time, lng, lat, speed, direction, altitude, acc, alarm_word, status_word, updated_at) values (?, ?, ?, ?, 0, 0, 0, 0, 0, 0, ?)');
  const addDaily = sqlite.prepare(`insert into device_daily (device_id, day, mileage_m, acc_on_ms, acc_on_count, fixes, max_speed, harsh_acc, harsh_brake, speeding, fatigue,
    drive_ms, night_drive_ms, night_mileage_m, trips, trip_ms, trip_m, stops, stop_ms, stops_night, stops_morning, stops_day, stops_evening)
    values (@device_id, @day, @mileage_m, @acc_on_ms, @acc_on_count, @fixes, @max_speed, @harsh_acc, @harsh_brake, @speeding, @fatigue,
    @drive_ms, @night_drive_ms, @night_mileage_m, @trips, @trip_ms, @trip_m, @stops, @stop_ms, @stops_night, @stops_morning, @stops_day, @stops_evening)`);
  const addStop = sqlite.prepare('insert into stop (device_id, start_time, end_time, lng, lat, closed) values (?, ?, ?, ?, ?, ?)');
  const addTrip = sqlite.prepare('insert into trip (device_id, start_time, end_time, start_lng, start_lat, end_lng, end_lat, distance_m, max_speed) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const addEvent = sqlite.prepare('insert into driving_event (device_id, kind, start_time, end_time, lng, lat, value) values (?, ?, ?, ?, ?, ?, ?)');

  const today = now - ((now + OFFSET_MS) % DAY_MS);
  const totals = { dailyRows: 0, stops: 0, trips: 0, events: 0 };
  const stopsByDay = new Map<number, number>();
  const fleet: { device: number; car: number; customer: number; dealer: number; profile: Profile }[] = [];
  for (let first = 0; first < CARS; first += CARS_PER_TX) {
    sqlite.transaction(() => {
      for (let i = first; i < Math.min(CARS, first + CARS_PER_TX); i++) {
        const dealer = dealers[i % dealers.length]!;
        const profile = profileOf(i);
        const home = PLACES[profile.places[0]!]!;
        const created = now - (40 + (hash(i, 4) % 800)) * DAY_MS;
        const customer = Number(addCustomer.run(dealer.id, `报表客户${i}`, `137${String(i).padStart(8, '0')}`, `33010219850101${String(i % 10000).padStart(4, '0')}`, 'general', created).lastInsertRowid);
        const amount = (50 + (hash(i, 5) % 300)) * 1000 * 100;
        const overdue = hash(i, 6) % 12 === 0 ? 1 + (hash(i, 7) % 119) : 0;
        addLoan.run(customer, dealer.id, `RP${String(i).padStart(9, '0')}`, amount, 1 + (hash(i, 8) % 28), overdue, overdue > 0 ? 'overdue' : 'normal', dayKey(created), overdueAmountCents(amount, 36, overdue));
        const car = Number(addCar.run(dealer.id, customer, model.brand_id, model.id, `LREPT${String(i).padStart(12, '0')}`, `浙K${String(i).padStart(5, '0')}`, home.city, created).lastInsertRowid);
        const device = Number(addDevice.run(`7${String(i).padStart(11, '0')}`, dealer.id, car, created + HOUR, created, dealer.installer).lastInsertRowid);
        addStatus.run(device, now - (hash(i, 9) % 180) * MIN, home.lng, home.lat, now);
        fleet.push({ device, car, customer, dealer: dealer.id, profile });
        for (let d = DAYS - 1; d >= 0; d--) {
          const midnight = today - d * DAY_MS;
          const day = dayOf(i, profile, midnight, now);
          const key = dayKey(midnight + HOUR);
          addDaily.run({ device_id: device, day: key, ...figuresOf(day, midnight) });
          for (const s of day.stops) addStop.run(device, s.start, s.end, PLACES[s.place]!.lng, PLACES[s.place]!.lat, s.closed);
          for (const t of day.trips) {
            const a = PLACES[t.from]!;
            const b = PLACES[t.to]!;
            addTrip.run(device, t.start, t.end, a.lng, a.lat, b.lng, b.lat, t.m, t.maxSpeed);
            const r = stream(hash(device, t.start));
            const at = (k: number, len: number) => Math.round(t.start + ((k + r()) / 4) * (t.end - t.start - len));
            for (let k = 0; k < t.harshAcc; k++) addEvent.run(device, 1, at(k, 3000), at(k, 3000) + 3000, a.lng, a.lat, 3 + r() * 2.5);
            for (let k = 0; k < t.harshBrake; k++) addEvent.run(device, 2, at(k + 2, 3000), at(k + 2, 3000) + 3000, b.lng, b.lat, 3.5 + r() * 3);
            if (t.speeding) addEvent.run(device, 3, at(1, 90_000), at(1, 90_000) + 30_000 + Math.round(r() * 60_000), a.lng, a.lat, t.maxSpeed);
            if (t.fatigue) addEvent.run(device, 4, t.start, t.end, a.lng, a.lat, (t.end - t.start) / HOUR);
            totals.events += t.harshAcc + t.harshBrake + (t.speeding ? 1 : 0) + (t.fatigue ? 1 : 0);
          }
          totals.dailyRows++;
          totals.stops += day.stops.length;
          totals.trips += day.trips.length;
          stopsByDay.set(key, (stopsByDay.get(key) ?? 0) + day.stops.length);
        }
      }
    })();
    process.stderr.write(`\r  cars with 30 days: ${fmt(Math.min(CARS, first + CARS_PER_TX))} / ${fmt(CARS)}   `);
  }
  process.stderr.write('\n');

  const warnings = warningsOf(fleet, now);
  const addWarning = sqlite.prepare(`insert into warning (dept_id, device_id, car_id, customer_id, warning_type, risk_level, deal_status, compound, place_key, warning_time, last_time,
    lng, lat, detail, pushed, deal_user_id, deal_time, deal_description) values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, '{}', 1, ?, ?, ?)`);
  for (let k = 0; k < warnings.length; k += 20_000) {
    sqlite.transaction(() => {
      for (const [i, w] of warnings.slice(k, k + 20_000).entries()) {
        const place = PLACES[w.f.profile.places[w.place]!]!;
        addWarning.run(w.f.dealer, w.f.device, w.f.car, w.f.customer, w.type, w.level, w.dealt ? 1 : 0, `b${k + i}`, w.time, w.last, place.lng, place.lat,
          w.dealt ? adminId : null, w.dealt, w.dealt ? '已电话联系客户，确认车辆正常使用' : null);
      }
    })();
    process.stderr.write(`\r  warnings: ${fmt(Math.min(warnings.length, k + 20_000))} / ${fmt(warnings.length)}   `);
  }
  process.stderr.write('\n');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await handle.close();
  return { cars: CARS, password: DEMO_PASSWORD, ...totals, warnings: warnings.length, stopsByDay, dealerId: financeDealer };
}

/** About three warnings a car a week, in time order as the engine writes them; the older ones mostly handled. */
function warningsOf<F extends { profile: Profile }>(fleet: F[], now: number) {
  const out: { f: F; type: number; level: number; time: number; last: number; dealt: number | null; place: number }[] = [];
  for (const [i, f] of fleet.entries()) {
    const r = stream(hash(i, 0x3a7));
    const n = 6 + Math.floor(r() * 14);
    for (let k = 0; k < n; k++) {
      const type = WARNING_TYPE_CODES[Math.floor(r() ** 1.6 * WARNING_TYPE_CODES.length)]!;
      const time = now - Math.floor(r() * DAYS * DAY_MS);
      const last = Math.min(now, time + Math.floor(r() * 6 * HOUR));
      const dealt = r() < (now - time > 3 * DAY_MS ? 0.9 : 0.4) ? Math.min(now, last + Math.floor(r() * 24 * HOUR)) : null;
      const level = r() < 0.85 ? WARNING_TYPE_BY_CODE[type as keyof typeof WARNING_TYPE_BY_CODE].level : 1 + Math.floor(r() * 3);
      out.push({ f, type, level, time, last, dealt, place: Math.floor(r() * 4) });
    }
  }
  return out.sort((a, b) => a.time - b.time);
}
