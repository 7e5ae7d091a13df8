import type { Db } from '../../db/database.js';
import { emptyTrackState, trackStateOf, type TrackState } from '../derive/track-state.js';

/** What the pipeline keeps per device between batches: identity, and where its history stands. */
export type DeviceEntry = {
  id: number;
  number: string;
  kind: number;
  model: string;
  deptId: number;
  carId: number | null;
  /** Time of the newest fix stored, or null before the first. */
  lastTime: number | null;
  alarmWord: number;
  /** The mapped alarms of the newest fix (alarm-mapping.ts). */
  modelAlarms: number;
  track: TrackState;
};

/** Unknown numbers are remembered this long, so a flood from a stranger does not hit the database. */
const UNKNOWN_TTL_MS = 60_000;

/**
 * Devices by number, loaded on first sight. Only the pipeline writes a device's state, and it updates
 * this cache after each commit, so the cache and the database agree.
 */
export function createDeviceCache(db: Db, now: () => number = Date.now) {
  const byNumber = new Map<string, DeviceEntry>();
  const byId = new Map<number, DeviceEntry>();
  const unknown = new Map<string, number>();

  async function load(number: string): Promise<DeviceEntry | null> {
    const row = await db
      .selectFrom('device as d')
      .leftJoin('device_status as s', 's.device_id', 'd.id')
      .leftJoin('device_track_state as ts', 'ts.device_id', 'd.id')
      .select(['d.id', 'd.device_number', 'd.kind', 'd.model', 'd.dept_id', 'd.car_id', 's.last_time', 's.alarm_word', 's.model_alarms', 'ts.state'])
      .where('d.device_number', '=', number)
      // A retired device's positions are refused as an unknown device's, from every source.
      .where('d.retired_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      number: row.device_number,
      kind: row.kind,
      model: row.model,
      deptId: row.dept_id,
      carId: row.car_id,
      lastTime: row.last_time,
      alarmWord: row.alarm_word ?? 0,
      modelAlarms: row.model_alarms ?? 0,
      track: row.state ? trackStateOf(row.state) : emptyTrackState(),
    };
  }

  function peek(number: string): DeviceEntry | null | undefined {
    const hit = byNumber.get(number);
    if (hit) return hit;
    const seen = unknown.get(number);
    return seen !== undefined && now() - seen < UNKNOWN_TTL_MS ? null : undefined;
  }

  return {
    /** The device if known without asking the database: the entry, null for a number known not to exist, undefined otherwise. */
    peek,
    async get(number: string): Promise<DeviceEntry | null> {
      const known = peek(number);
      if (known !== undefined) return known;
      const entry = await load(number);
      if (entry) {
        byNumber.set(number, entry);
        byId.set(entry.id, entry);
        unknown.delete(number);
      } else {
        unknown.set(number, now());
      }
      return entry;
    },
    /** Forget a device (re-bound to another car, deleted, or just created): the next position reloads it. */
    forget(number: string): void {
      const entry = byNumber.get(number);
      byNumber.delete(number);
      unknown.delete(number);
      if (entry) byId.delete(entry.id);
    },
    /**
     * Forget every device that matches: a worker that lost a stream partition drops its devices, since
     * another worker now advances them and this copy of their state would go stale.
     */
    forgetWhere(predicate: (entry: DeviceEntry) => boolean): void {
      for (const [number, entry] of byNumber) {
        if (!predicate(entry)) continue;
        byNumber.delete(number);
        byId.delete(entry.id);
      }
    },
    /** A device the pipeline has seen, by id (a replay updates its track state here). */
    loaded(id: number): DeviceEntry | undefined {
      return byId.get(id);
    },
  };
}

export type DeviceCache = ReturnType<typeof createDeviceCache>;
