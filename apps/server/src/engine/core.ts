import { DeviceKind, type WarningEvent } from '@cvrisk/contracts';
import { cityAddress } from '../geo/gazetteer.js';
import type { PositionTable } from '../db/schema.js';
import { recomputeCustomerGrades } from './customer-grade.js';
import type { ContextCache } from './context.js';
import type { CustomerGradeRepository } from './customer-grade.repository.js';
import { evaluateFixes, type EvalEnv } from './evaluate.js';
import { emptyMemory, type DeviceMemory } from './memory.js';
import type { EnginePositionRepository } from './position.repository.js';
import type { RiskPointIndex } from './risk-point-index.js';
import type { Region } from './rules/left-region.js';
import type { StateStore } from './state-store.js';
import { trackerSeparation } from './tracker-separation.js';
import type { Fire, Fix } from './types.js';
import type { LoanFraudSuggester } from './loan-fraud.js';
import { createWarningWriter } from './warning-writer.js';
import type { EngineWarningRepository } from './warning.repository.js';

export type Found = { deviceId: number; fire: Fire };

/** The engine gives the event loop back this often (fixes evaluated), so terminals' frames and acknowledgements go first. */
const SLICE_FIXES = 1000;
export const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fixes this close (about 300 m) are named alike: the gazetteer's outlines are no finer. */
const SAME_PLACE_DEG = 0.003;

type CoreDeps = {
  warnings: EngineWarningRepository;
  grades: CustomerGradeRepository;
  positions: EnginePositionRepository;
  contexts: ContextCache;
  points: RiskPointIndex;
  store: StateStore;
  now: () => number;
  /** Each new warning that is to be pushed. */
  announce(warning: WarningEvent): void;
  /** Each new warning of a customer's car: the loan-fraud suggestions read it. */
  raised?: LoanFraudSuggester;
  /** The devices this engine judges (scale mode: those of its worker's partitions). */
  owns: (deviceNumber: string) => boolean;
};

export const fixOf = (p: Pick<PositionTable, 'gps_time' | 'lng' | 'lat' | 'speed' | 'acc' | 'battery' | 'alarm_word'>): Fix => ({
  t: p.gps_time, lng: p.lng, lat: p.lat, speed: p.speed, acc: p.acc, battery: p.battery, alarmWord: p.alarm_word,
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
  const writer = createWarningWriter({ warnings: d.warnings, announce: d.announce, changed: (id) => customers.add(id), raised: d.raised });
  const env: EvalEnv = {
    nearestPoint: d.points.nearest,
    regionAt,
    memoryOf: (id) => memories.get(id),
    touched: (id) => dirty.add(id),
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

  async function regrade(): Promise<void> {
    if (customers.size === 0) return;
    const ids = [...customers];
    customers.clear();
    await recomputeCustomerGrades(d.grades, ids, d.now());
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

    /** Drops the memories of devices no longer judged here (save first: another engine continues from what was saved). */
    forgetUnowned(): void {
      for (const id of memories.keys()) {
        const ctx = d.contexts.get(id);
        if (ctx && d.owns(ctx.number)) continue;
        memories.delete(id);
        dirty.delete(id);
      }
    },

    /** Writes the kept refreshes, then stores the memories changed since the last save. */
    async save(): Promise<void> {
      await writer.flush();
      await regrade();
      if (dirty.size === 0) return;
      const ids = [...dirty];
      dirty.clear();
      await d.store.save(ids.map((id) => ({ id, memory: memories.get(id)! })));
    },
  };
}

export type Core = ReturnType<typeof createCore>;
