import { DeviceKind } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { createDeviceDeriver } from '../derive/device-deriver.js';
import { emptyPendingRows, mergeRows, type PendingRows } from '../derive/pending-rows.js';
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
  /** The derivation's state after the newest fix derived, written or not. */
  track: TrackState;
  /** `device_track_state.derived_to` as the database holds it: a write of derived rows advances it only from there. */
  mark: number | null;
  /** Rows derived since the mark, waiting to be written (null: none). */
  pending: PendingRows | null;
  /** Forgotten by the cache: what waits on it is dropped, and derived again by the entry that replaces it. */
  gone: boolean;
};

/** Unknown numbers are remembered this long, so a flood from a stranger does not hit the database. */
const UNKNOWN_TTL_MS = 60_000;
/** Positions read per query when a device's underived positions are derived on loading. */
const CATCH_UP_PAGE = 5000;

/**
 * Devices by number, loaded on first sight. Only the pipeline writes a device's state, and it updates
 * this cache after each commit. Derived rows may wait in an entry (`pending`, listed in `backlog` in
 * the order they began waiting); loading a device first derives the positions stored after its mark,
 * so an entry always continues from its newest stored fix, also after a crash.
 */
export function createDeviceCache(db: Db, now: () => number = Date.now) {
  const byNumber = new Map<string, DeviceEntry>();
  const byId = new Map<number, DeviceEntry>();
  const unknown = new Map<string, number>();
  const loading = new Map<string, Promise<DeviceEntry | null>>();
  /** Entries with rows waiting, oldest first. */
  const backlog = new Map<number, DeviceEntry>();

  /** Derives what was stored after the entry's mark and not derived (a crash, or another process's last minute). */
  async function catchUp(entry: DeviceEntry): Promise<void> {
    let after = entry.mark ?? -1;
    let deriver: ReturnType<typeof createDeviceDeriver> | null = null;
    for (;;) {
      const fixes = await db.selectFrom('position').select(['gps_time', 'lng', 'lat', 'speed', 'acc', 'mileage'])
        .where('device_id', '=', entry.id).where('gps_time', '>', after).orderBy('gps_time').limit(CATCH_UP_PAGE).execute();
      if (fixes.length === 0) break;
      deriver ??= createDeviceDeriver(entry.id, entry.track);
      for (const p of fixes) deriver.add({ t: p.gps_time, lng: p.lng, lat: p.lat, speed: p.speed, acc: p.acc, mileageKm: p.mileage });
      if (fixes.length < CATCH_UP_PAGE) break;
      after = fixes[fixes.length - 1]!.gps_time;
    }
    if (!deriver) return;
    entry.track = deriver.track;
    entry.pending = emptyPendingRows(now());
    mergeRows(entry.pending, deriver.rows());
  }

  async function load(number: string): Promise<DeviceEntry | null> {
    const row = await db
      .selectFrom('device as d')
      .leftJoin('device_status as s', 's.device_id', 'd.id')
      .leftJoin('device_track_state as ts', 'ts.device_id', 'd.id')
      .select(['d.id', 'd.device_number', 'd.kind', 'd.model', 'd.dept_id', 'd.car_id', 's.last_time', 's.alarm_word', 's.model_alarms', 'ts.state', 'ts.derived_to'])
      .where('d.device_number', '=', number)
      // A retired device's positions are refused as an unknown device's, from every source.
      .where('d.retired_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const entry: DeviceEntry = {
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
      mark: row.derived_to ?? null,
      pending: null,
      gone: false,
    };
    // Stops and trips need a steady stream of fixes: wireless trackers report a few times a day.
    if (entry.kind === DeviceKind.wired) await catchUp(entry);
    return entry;
  }

  function peek(number: string): DeviceEntry | null | undefined {
    const hit = byNumber.get(number);
    if (hit) return hit;
    const seen = unknown.get(number);
    return seen !== undefined && now() - seen < UNKNOWN_TTL_MS ? null : undefined;
  }

  function drop(entry: DeviceEntry): void {
    byNumber.delete(entry.number);
    byId.delete(entry.id);
    backlog.delete(entry.id);
    entry.gone = true;
  }

  async function get(number: string): Promise<DeviceEntry | null> {
    const known = peek(number);
    if (known !== undefined) return known;
    // Two callers asking at once share one load: two entries of one device would derive it twice.
    let pending = loading.get(number);
    if (!pending) {
      pending = load(number).then((entry) => {
        if (entry) {
          byNumber.set(number, entry);
          byId.set(entry.id, entry);
          unknown.delete(number);
          if (entry.pending) backlog.set(entry.id, entry);
        } else {
          unknown.set(number, now());
        }
        return entry;
      }).finally(() => loading.delete(number));
      loading.set(number, pending);
    }
    return pending;
  }

  return {
    /** The device if known without asking the database: the entry, null for a number known not to exist, undefined otherwise. */
    peek,
    get,
    /** Forget a device (re-bound to another car, deleted, or just created): the next position reloads it. */
    forget(number: string): void {
      const entry = byNumber.get(number);
      unknown.delete(number);
      if (entry) drop(entry);
    },
    /**
     * Forget every device that matches: a worker that lost a stream partition drops its devices, since
     * another worker now advances them and this copy of their state would go stale.
     */
    forgetWhere(predicate: (entry: DeviceEntry) => boolean): void {
      for (const entry of [...byNumber.values()]) if (predicate(entry)) drop(entry);
    },
    /**
     * Loads every wired device with positions stored after its mark, which derives them (`catchUp`).
     * The status is written with every batch, so a device whose newest fix is past its mark is one:
     * a late fix at or before the mark is replayed through `derive_pending` instead.
     */
    async resume(owns?: (deviceNumber: string) => boolean): Promise<void> {
      const behind = await db.selectFrom('device as d')
        .innerJoin('device_status as s', 's.device_id', 'd.id')
        .leftJoin('device_track_state as ts', 'ts.device_id', 'd.id')
        .select('d.device_number')
        .where('d.kind', '=', DeviceKind.wired).where('d.retired_at', 'is', null)
        .where((eb) => eb('s.last_time', '>', eb.fn.coalesce('ts.derived_to', eb.lit(-1))))
        .execute();
      for (const d of behind) if (!owns || owns(d.device_number)) await get(d.device_number);
    },
    /** A device the pipeline has seen, by id (a replay updates its track state here). */
    loaded(id: number): DeviceEntry | undefined {
      return byId.get(id);
    },
    /** Entries with derived rows waiting, the longest waiting first. */
    backlog(): IterableIterator<DeviceEntry> {
      return backlog.values();
    },
    /** How many entries have rows waiting (metrics). */
    backlogSize: () => backlog.size,
    /** The entry's rows now wait (kept in its place if they already did). */
    waiting(entry: DeviceEntry): void {
      if (!entry.gone && !backlog.has(entry.id)) backlog.set(entry.id, entry);
    },
    /** The entry's rows were written up to `mark`, or dropped (a replay derives them again). */
    written(entry: DeviceEntry, mark: number | null): void {
      entry.pending = null;
      entry.mark = mark;
      backlog.delete(entry.id);
    },
  };
}

export type DeviceCache = ReturnType<typeof createDeviceCache>;
