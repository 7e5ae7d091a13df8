import { DeviceKind, parseTime } from '@cvrisk/contracts';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { createDeviceDeriver, type DerivedRows } from './device-deriver.js';
import { DRIVING_EVENT, OFFLINE_MOVE_EVENT } from './driving.js';
import { emptyTrackState, trackStateOf, type TrackState } from './track-state.js';

type Tx = Transaction<DB>;

const PAGE = 5000;
/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters, a daily row has 25. */
const CHUNK = 1000;

/** Midnight (Asia/Shanghai) that opens a YYYYMMDD day. */
export function dayStartMs(day: number): number {
  const text = `${Math.floor(day / 10000)}-${String(Math.floor(day / 100) % 100).padStart(2, '0')}-${String(day % 100).padStart(2, '0')} 00:00:00`;
  return parseTime(text)!;
}

/**
 * Where a replay from `from` (with the state the device had then) must clear each table: from `from`,
 * or earlier where something was under way at `from` and had not been written yet (the stop or trip
 * being made, a speeding spell not yet 30 s long, driving not yet 4 h long). Anything written before
 * `from` stays: the replay only extends it.
 */
function clearFrom(state: TrackState, from: number) {
  const b = state.behaviour;
  return {
    stop: Math.min(from, !state.stopOpen && state.stillSince !== null ? state.stillSince : from),
    trip: Math.min(from, state.tripStart?.t ?? from),
    speeding: Math.min(from, b.speeding && !b.speeding.counted ? b.speeding.start : from),
    fatigue: Math.min(from, b.drivingSince && !b.fatigueRaised ? b.drivingSince.t : from),
  };
}

async function insertRows(tx: Tx, rows: DerivedRows): Promise<void> {
  for (let i = 0; i < rows.daily.length; i += CHUNK) await tx.insertInto('device_daily').values(rows.daily.slice(i, i + CHUNK)).execute();
  for (let i = 0; i < rows.checkpoints.length; i += CHUNK) await tx.insertInto('track_checkpoint').values(rows.checkpoints.slice(i, i + CHUNK)).execute();
  for (let i = 0; i < rows.stops.length; i += CHUNK) {
    await tx.insertInto('stop').values(rows.stops.slice(i, i + CHUNK)).onConflict((oc) =>
      oc.columns(['device_id', 'start_time']).doUpdateSet((eb) => ({ end_time: eb.ref('excluded.end_time'), closed: eb.ref('excluded.closed') })),
    ).execute();
  }
  for (let i = 0; i < rows.trips.length; i += CHUNK) {
    await tx.insertInto('trip').values(rows.trips.slice(i, i + CHUNK)).onConflict((oc) =>
      oc.columns(['device_id', 'start_time']).doUpdateSet((eb) => ({
        end_time: eb.ref('excluded.end_time'), end_lng: eb.ref('excluded.end_lng'), end_lat: eb.ref('excluded.end_lat'),
        distance_m: eb.ref('excluded.distance_m'), max_speed: eb.ref('excluded.max_speed'),
      })),
    ).execute();
  }
  for (let i = 0; i < rows.events.length; i += CHUNK) {
    await tx.insertInto('driving_event').values(rows.events.slice(i, i + CHUNK)).onConflict((oc) =>
      oc.columns(['device_id', 'kind', 'start_time']).doUpdateSet((eb) => ({ end_time: eb.ref('excluded.end_time'), value: eb.ref('excluded.value') })),
    ).execute();
  }
}

/** The state to replay from, and from when: the day's checkpoint, or the device's first fix when no checkpoint can be trusted. */
async function startingPoint(tx: Tx, deviceId: number, fromDay: number | null): Promise<{ state: TrackState; day: number | null }> {
  if (fromDay === null) return { state: emptyTrackState(), day: null };
  const cp = await tx.selectFrom('track_checkpoint').select(['day', 'state']).where('device_id', '=', deviceId).where('day', '>=', fromDay)
    .orderBy('day').limit(1).executeTakeFirst();
  if (!cp) return { state: emptyTrackState(), day: null };
  if (cp.day !== fromDay) {
    // No checkpoint for the day itself: only right if nothing had been derived on the days between.
    const between = await tx.selectFrom('device_daily').select('day').where('device_id', '=', deviceId)
      .where('day', '>=', fromDay).where('day', '<', cp.day).limit(1).executeTakeFirst();
    if (between) return { state: emptyTrackState(), day: null };
  }
  return { state: trackStateOf(cp.state), day: fromDay };
}

/**
 * Derives one device again from its stored positions, from the start of `fromDay` (null: from its
 * first fix), with the same code the live pipeline runs, in one transaction. Answers the device's
 * track state after its newest fix, for the pipeline to continue from.
 */
export async function replayDevice(db: Db, deviceId: number, fromDay: number | null): Promise<TrackState | null> {
  const device = await db.selectFrom('device').select('kind').where('id', '=', deviceId).executeTakeFirst();
  if (!device || device.kind !== DeviceKind.wired) return null;
  return db.transaction().execute(async (tx) => {
    const start = await startingPoint(tx, deviceId, fromDay);
    const from = start.day === null ? Number.MIN_SAFE_INTEGER : dayStartMs(start.day);
    const clear = clearFrom(start.state, from);
    await tx.deleteFrom('stop').where('device_id', '=', deviceId).where('start_time', '>=', clear.stop).execute();
    await tx.deleteFrom('trip').where('device_id', '=', deviceId).where('start_time', '>=', clear.trip).execute();
    await tx.deleteFrom('driving_event').where('device_id', '=', deviceId).where((eb) =>
      eb.or([
        eb.and([eb('kind', 'in', [DRIVING_EVENT.harshAcceleration, DRIVING_EVENT.harshBraking]), eb('start_time', '>=', from)]),
        eb.and([eb('kind', '=', DRIVING_EVENT.speeding), eb('start_time', '>=', clear.speeding)]),
        eb.and([eb('kind', '=', DRIVING_EVENT.fatigue), eb('start_time', '>=', clear.fatigue)]),
        // Made by the fix after the silence: a late fix inside the silence shortens it or undoes it.
        eb.and([eb('kind', '=', OFFLINE_MOVE_EVENT), eb('end_time', '>=', from)]),
      ]),
    ).execute();
    const dayFrom = start.day ?? 0;
    await tx.deleteFrom('device_daily').where('device_id', '=', deviceId).where('day', '>=', dayFrom).execute();
    await tx.deleteFrom('track_checkpoint').where('device_id', '=', deviceId).where('day', '>=', dayFrom).execute();

    const deriver = createDeviceDeriver(deviceId, start.state);
    let after = from - 1;
    for (;;) {
      const fixes = await tx.selectFrom('position').select(['gps_time', 'lng', 'lat', 'speed', 'acc', 'mileage'])
        .where('device_id', '=', deviceId).where('gps_time', '>', after).orderBy('gps_time').limit(PAGE).execute();
      for (const p of fixes) deriver.add({ t: p.gps_time, lng: p.lng, lat: p.lat, speed: p.speed, acc: p.acc, mileageKm: p.mileage });
      if (fixes.length < PAGE) break;
      after = fixes[fixes.length - 1]!.gps_time;
    }
    await insertRows(tx, deriver.rows());
    const state = JSON.stringify(deriver.track);
    const derived_to = deriver.track.last?.t ?? null;
    await tx.insertInto('device_track_state').values({ device_id: deviceId, state, derived_to })
      .onConflict((oc) => oc.column('device_id').doUpdateSet({ state, derived_to })).execute();
    return deriver.track;
  });
}
