import type { Db } from '../db/database.js';
import { trackBuilder } from '../telemetry/derive/track-builder.js';

const MIN = 60_000;
/** 2026-11-17 20:00 in Shanghai: the evening drive runs past midnight into the next day. */
export const EVENING = Date.UTC(2026, 10, 17, 12, 0, 0);

/** An evening with everything the derivation counts: stops, trips, a brake, speeding, night driving across midnight. */
export function evening(device: string, start = EVENING) {
  return trackBuilder(device, start)
    .park(20 * MIN).drive(30 * MIN, 60).speeds([50, 40, 30, 20, 10]).drive(10 * MIN, 20).drive(40_000, 130, 5000)
    .drive(60 * MIN, 90, 15_000).park(40 * MIN).drive(100 * MIN, 70, 20_000).park(3 * MIN).drive(20 * MIN, 50).park(30 * MIN);
}

const round = (v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e6) / 1e6 : v);
const strip = (rows: object[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'device_id').map(([k, v]) => [k, round(v)])));

/** Everything derived for a device, without its id, in key order: two devices given the same fixes compare equal. */
export async function derivedRows(db: Db, deviceId: number) {
  return {
    stops: strip(await db.selectFrom('stop').selectAll().where('device_id', '=', deviceId).orderBy('start_time').execute()),
    trips: strip(await db.selectFrom('trip').selectAll().where('device_id', '=', deviceId).orderBy('start_time').execute()),
    events: strip(await db.selectFrom('driving_event').selectAll().where('device_id', '=', deviceId).orderBy('kind').orderBy('start_time').execute()),
    daily: strip(await db.selectFrom('device_daily').selectAll().where('device_id', '=', deviceId).orderBy('day').execute()),
    checkpoints: strip(await db.selectFrom('track_checkpoint').selectAll().where('device_id', '=', deviceId).orderBy('day').execute()),
  };
}
