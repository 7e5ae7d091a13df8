import { DeviceKind, OFFLINE_MIN_HOURS, WARNING_TYPES, type WarningEvent } from '@cvrisk/contracts';
import { cityAddress } from '../geo/gazetteer.js';
import type { PositionTable } from '../db/schema.js';
import { recomputeCustomerGrades } from './customer-grade.js';
import type { ContextCache } from './context.js';
import type { CustomerGradeRepository } from './customer-grade.repository.js';
import type { CheckpointRepository } from './checkpoint.repository.js';
import type { EngineDeviceStatusRepository } from './device-status.repository.js';
import { evaluateFixes, localDay, type EvalEnv } from './evaluate.js';
import { emptyMemory, parseMemory, serialiseMemory, type DeviceMemory } from './memory.js';
import type { EnginePositionRepository } from './position.repository.js';
import type { RiskPointIndex } from './risk-point-index.js';
import type { Region } from './rules/left-region.js';
import type { HeardRun } from './rules/offline.js';
import type { StateStore } from './state-store.js';
import { trackerSeparation } from './tracker-separation.js';
import { DAY_MS, HOUR_MS, type Fire, type Fix } from './types.js';
import type { LoanFraudSuggester } from './loan-fraud.js';
import { createWarningWriter } from './warning-writer.js';
import type { EngineWarningRepository } from './warning.repository.js';

export type Found = { deviceId: number; fire: Fire };

/** The engine gives the event loop back this often (fixes evaluated), so terminals' frames and acknowledgements go first. */
const SLICE_FIXES = 1000;
export const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fixes read at a time when a device is judged again. */
const REJUDGE_PAGE = 5000;
const LOCAL_OFFSET_MS = 8 * 3_600_000;

/** No institution's offline threshold is shorter: a shorter pause between fixes cannot be an offline spell. */
const SHORTEST_OFFLINE_MS = Math.min(OFFLINE_MIN_HOURS.wired, OFFLINE_MIN_HOURS.wireless) * HOUR_MS;

/**
 * The rules that fire on a pause between fixes: late fixes may fill the pause (the warning was wrong)
 * or show it ended earlier (it is dated again). Every other rule fires on what fixes show, which more
 * fixes do not take back.
 */
const PAUSE_TYPES: ReadonlySet<number> = new Set([WARNING_TYPES.offline.code, WARNING_TYPES.abnormalMove.code]);

/** How a warning late data disproved is closed: by the system, and why. */
export const WITHDRAWN_BY_LATE_DATA = '系统关闭：收到补传数据，该时段设备有定位，预警不成立';

/** Whether any pause between these fixes (and the last judged) is long enough to be an offline spell. */
function pausesLongEnough(lastT: number | undefined, fixes: readonly Fix[]): boolean {
  let prev = lastT;
  for (const f of fixes) {
    if (prev !== undefined && f.t - prev > SHORTEST_OFFLINE_MS) return true;
    prev = f.t;
  }
  return false;
}

/** Fixes this close (about 300 m) are named alike: the gazetteer's outlines are no finer. */
const SAME_PLACE_DEG = 0.003;

type CoreDeps = {
  warnings: EngineWarningRepository;
  grades: CustomerGradeRepository;
  positions: EnginePositionRepository;
  contexts: ContextCache;
  points: RiskPointIndex;
  store: StateStore;
  checkpoints: CheckpointRepository;
  /** Where the terminals' runs of messages (heartbeats too) are read: a silence between fixes may not have been one. */
  status: Pick<EngineDeviceStatusRepository, 'heardRuns'>;
  now: () => number;
  /** Each new warning that is to be pushed. */
  announce(warning: WarningEvent): void;
  /** Each new warning of a customer's car: the loan-fraud suggestions read it. */
  raised?: LoanFraudSuggester;
  /** The devices this engine judges (scale mode: those of its worker's partitions). */
  owns: (deviceNumber: string) => boolean;
};

export const fixOf = (p: Pick<PositionTable, 'gps_time' | 'lng' | 'lat' | 'speed' | 'acc' | 'battery' | 'alarm_word' | 'model_alarms'>): Fix => ({
  t: p.gps_time, lng: p.lng, lat: p.lat, speed: p.speed, acc: p.acc, battery: p.battery, alarmWord: p.alarm_word, modelAlarms: p.model_alarms,
});

/**
 * A device's fires of one batch, with each occurrence of a continuing condition seen at several
 * fixes kept only at its last sighting: the writer would keep just that one anyway.
 */
function latestSightings(id: number, fires: readonly Fire[]): Found[] {
  const key = (f: Fire) => `${f.deviceId ?? id}:${f.type}:${f.placeKey}:${f.time}`;
  const last = new Map<string, number>();
  fires.forEach((f, i) => {
    if (f.continuing) last.set(key(f), i);
  });
  return fires
    .filter((f, i) => !f.continuing || last.get(key(f)) === i)
    .map((fire) => ({ deviceId: fire.deviceId ?? id, fire }));
}

/**
 * The engine's working state: device memories (loaded on first sight, saved every few seconds),
 * and the path every fix takes — rules, then the writer, then the grades of the customers touched.
 */
export function createCore(d: CoreDeps) {
  const memories = new Map<number, DeviceMemory>();
  const dirty = new Set<number>();
  const customers = new Set<number>();
  /** Day checkpoints taken since the last save, by device and day. */
  const days = new Map<string, { device_id: number; day: number; state: string }>();
  /** The runs of messages of the devices being judged whose fixes pause long enough to matter; read per batch. */
  let runs = new Map<number, HeardRun>();
  const writer = createWarningWriter({ warnings: d.warnings, announce: d.announce, changed: (id) => customers.add(id), raised: d.raised });
  const env: EvalEnv = {
    nearestPoint: d.points.nearest,
    regionAt,
    memoryOf: (id) => memories.get(id),
    touched: (id) => dirty.add(id),
    dayBegins: (id, day, m) => void days.set(`${id}:${day}`, { device_id: id, day, state: serialiseMemory(m) }),
    heardRun: (id) => runs.get(id),
  };

  // A device's consecutive fixes mostly lie within a few hundred metres: one remembered answer saves most lookups.
  let named: { lng: number; lat: number; region: Region | null } = { lng: NaN, lat: NaN, region: null };
  function regionAt(lng: number, lat: number): Region | null {
    if (Math.abs(lng - named.lng) < SAME_PLACE_DEG && Math.abs(lat - named.lat) < SAME_PLACE_DEG) return named.region;
    const g = cityAddress(lng, lat);
    named = { lng, lat, region: g?.province ? { province: g.province, city: g.city ?? '' } : null };
    return named.region;
  }

  async function loadMemories(ids: number[]): Promise<void> {
    const missing = ids.filter((id) => !memories.has(id));
    if (missing.length === 0) return;
    const stored = await d.store.load(missing);
    for (const id of missing) memories.set(id, stored.get(id) ?? emptyMemory());
  }

  /** Writes what fired, in order; then the grades of the customers whose warnings changed. */
  async function write(found: Found[]): Promise<void> {
    for (const { deviceId, fire } of found) {
      if (!d.contexts.get(deviceId)) await d.contexts.ensure([deviceId]);
      const ctx = d.contexts.get(deviceId);
      if (ctx) await writer.write(ctx, fire);
    }
    await regrade();
  }

  /**
   * After a device was judged again from `from` to `until`: each open pause warning raised in that span
   * before the late fixes came is kept where the replay raised it again at the same time, dated again
   * where the replay raised it at another time (the car reappeared earlier than its current position
   * said), and withdrawn where the replay found no pause at all (the late fixes filled it).
   */
  async function settlePauses(deviceId: number, from: number, until: number, replayed: Found[]): Promise<void> {
    const open = (await d.warnings.openSince(deviceId, [...PAUSE_TYPES], from)).filter((w) => w.warning_time <= until);
    const used = new Set<number>();
    const take = (f: Fire, sameTime: boolean) =>
      open.find((w) => !used.has(w.id) && w.warning_type === f.type && w.place_key === f.placeKey && (!sameTime || w.warning_time === f.time));
    const rest: Found[] = [];
    for (const found of replayed) {
      const same = take(found.fire, true);
      if (same) {
        used.add(same.id);
        rest.push(found);
        continue;
      }
      const other = take(found.fire, false);
      if (!other) {
        rest.push(found);
        continue;
      }
      used.add(other.id);
      const f = found.fire;
      await d.warnings.redate(other.id, { time: f.time, at: f.at, lng: f.lng, lat: f.lat, detail: JSON.stringify(f.detail) });
      writer.forget(deviceId, f.type, f.placeKey);
    }
    for (const w of open) {
      if (used.has(w.id)) continue;
      await d.warnings.withdraw(w.id, d.now(), WITHDRAWN_BY_LATE_DATA);
      writer.forget(deviceId, w.warning_type, w.place_key);
      const ctx = d.contexts.get(deviceId);
      if (ctx?.customerId != null) customers.add(ctx.customerId);
    }
    await write(rest);
  }

  async function regrade(): Promise<void> {
    if (customers.size === 0) return;
    const ids = [...customers];
    customers.clear();
    await recomputeCustomerGrades(d.grades, ids, d.now());
  }


  /** Writes the kept refreshes, the regrades and the day checkpoints: what the console shows. */
  async function saveShown(): Promise<void> {
    await writer.flush();
    await regrade();
    if (days.size > 0) {
      const rows = [...days.values()];
      days.clear();
      await d.checkpoints.save(rows);
    }
  }

  return {
    memories,
    raisedByType: writer.raisedByType,

    /** Evaluates each device's fixes (oldest first); fixes not newer than the last evaluated are skipped. */
    async evaluate(groups: Map<number, Fix[]>): Promise<void> {
      const ids = [...groups.keys()];
      await Promise.all([d.contexts.ensure(ids), d.points.refresh(), loadMemories(ids)]);
      const found: Found[] = [];
      const out: Fire[] = [];
      let sinceYield = 0;
      // Most batches hold no pause long enough to be an offline spell: those read nothing more.
      const paused = ids.filter((id) => pausesLongEnough(memories.get(id)!.last?.t, groups.get(id)!));
      runs = await d.status.heardRuns(paused);
      for (const [id, fixes] of groups) {
        if (sinceYield >= SLICE_FIXES) {
          sinceYield = 0;
          await yieldToIo();
        }
        sinceYield += fixes.length;
        const ctx = d.contexts.get(id);
        if (!ctx || !d.owns(ctx.number)) continue;
        const m = memories.get(id)!;
        const after = m.last?.t ?? -Infinity;
        let start = 0;
        while (start < fixes.length && fixes[start]!.t <= after) start++;
        if (start === fixes.length) continue;
        const fresh = start === 0 ? fixes : fixes.slice(start);
        out.length = 0;
        evaluateFixes(m, ctx, fresh, env, out);
        dirty.add(id);
        found.push(...latestSightings(id, out));
        if (ctx.kind === DeviceKind.wireless && ctx.partners.some((p) => p.kind === DeviceKind.wired)) {
          found.push(...(await trackerSeparation(d.positions, ctx, m, fresh)));
        }
      }
      await write(found);
    },

    write,

    /**
     * Judges a device again from the day of `from` (its oldest late fix) to the last fix it had judged,
     * from that day's checkpoint, with the same rules: what the fixes in time order imply is raised,
     * dated when it happened. What was raised before is found by the writer and not raised twice; a
     * handled warning stays handled. New findings from fixes at or after `from` say they came from
     * late data. Nothing older than `reachMs` before the last judged fix is judged again.
     */
    async rejudge(deviceId: number, from: number, reachMs: number): Promise<void> {
      await Promise.all([d.contexts.ensure([deviceId]), d.points.refresh(), loadMemories([deviceId])]);
      const ctx = d.contexts.get(deviceId);
      const until = memories.get(deviceId)?.last?.t;
      // Never judged, or judged only up to before these fixes: the in-order path takes them.
      if (!ctx || !d.owns(ctx.number) || until === undefined || from > until) return;
      const start = Math.max(from, until - reachMs);
      const cp = await d.checkpoints.atOrBefore(deviceId, localDay(start));
      const m = cp ? parseMemory(cp.state) : emptyMemory();
      // A checkpoint is the memory before its day's first fix: the day is replayed whole.
      let after = (cp?.day ?? localDay(start)) * DAY_MS - LOCAL_OFFSET_MS - 1;
      runs = await d.status.heardRuns([deviceId]);
      const out: Fire[] = [];
      // Pause warnings wait for the end: the replay's are set against those raised before the late fixes came.
      const pauses: Found[] = [];
      for (;;) {
        const rows = (await d.positions.replayPage(deviceId, after, Number.MAX_SAFE_INTEGER, REJUDGE_PAGE)).filter((r) => r.gps_time <= until);
        if (rows.length === 0) break;
        const fixes = rows.map(fixOf);
        out.length = 0;
        evaluateFixes(m, ctx, fixes, env, out);
        const found = latestSightings(deviceId, out);
        if (ctx.kind === DeviceKind.wireless && ctx.partners.some((p) => p.kind === DeviceKind.wired)) found.push(...(await trackerSeparation(d.positions, ctx, m, fixes)));
        for (const f of found) if (f.fire.at >= from) f.fire.detail = { ...f.fire.detail, lateData: true };
        pauses.push(...found.filter((f) => f.deviceId === deviceId && PAUSE_TYPES.has(f.fire.type)));
        await write(found.filter((f) => f.deviceId !== deviceId || !PAUSE_TYPES.has(f.fire.type)));
        after = rows[rows.length - 1]!.gps_time;
        if (rows.length < REJUDGE_PAGE) break;
        await yieldToIo();
      }
      await settlePauses(deviceId, start, until, pauses);
      memories.set(deviceId, m);
      dirty.add(deviceId);
    },

    /** Drops the memories of devices no longer judged here (save first: another engine continues from what was saved). */
    forgetUnowned(): void {
      for (const id of memories.keys()) {
        const ctx = d.contexts.get(id);
        if (ctx && d.owns(ctx.number)) continue;
        memories.delete(id);
        dirty.delete(id);
      }
    },

    saveShown,

    /** `saveShown`, then stores the memories changed since the last save. */
    async save(): Promise<void> {
      await saveShown();
      if (dirty.size === 0) return;
      const ids = [...dirty];
      dirty.clear();
      await d.store.save(ids.map((id) => ({ id, memory: memories.get(id)! })));
    },
  };
}

export type Core = ReturnType<typeof createCore>;
