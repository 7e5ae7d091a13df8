import { ONLINE_GRACE_MS, WARNING_TYPES, distanceM } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../test/test-app.js';
import { EPISODE_KINDS, type Episode } from '../telemetry/simulator/episode-types.js';
import { FixBuffer } from '../telemetry/simulator/fix-buffer.js';
import { planFleet } from '../telemetry/simulator/fleet-plan.js';
import { loadFleetSource } from '../telemetry/simulator/fleet-source.js';
import { runHistory } from '../telemetry/simulator/history-runner.js';
import type { FleetPlan, PlannedDevice } from '../telemetry/simulator/plan-types.js';
import { deviceFixes } from '../telemetry/simulator/timeline.js';
import { createEngine, type Engine } from './engine.js';

/**
 * The simulator's scripted episodes of a small seeded fleet, played through the pipeline as the
 * first start plays them: each episode car gets exactly the warnings its episodes call for, the
 * quiet cars none of those.
 */
let t: TestApp;
let engine: Engine;
let plan: FleetPlan;
const W = WARNING_TYPES;
const HOUR = 3_600_000;
/** Warnings any car may get from its ordinary life: a tracker running low, a bound fence crossed. */
const ORDINARY = new Set<number>([W.lowBattery.code, W.fence.code]);

type Seen = { t: number; lng: number; lat: number };
const km = (a: Seen, b: Seen) => distanceM(a.lng, a.lat, b.lng, b.lat) / 1000;

function fixesOf(d: PlannedDevice): Seen[] {
  const b = new FixBuffer();
  deviceFixes(plan, d, plan.start, plan.end, b);
  return Array.from({ length: b.length }, (_, i) => ({ t: b.time[i]!, lng: b.lng[i]!, lat: b.lat[i]! }));
}

/** What the devices' silences call for, read off the generated fixes: offline, and coming back far away. */
function fromSilences(d: PlannedDevice, fixes: Seen[], into: Set<number>): void {
  if (fixes.length === 0) return;
  const offlineMs = (d.kind === 1 ? 24 : 72) * HOUR;
  const silentMs = Math.max(HOUR, ONLINE_GRACE_MS[d.kind]);
  if (plan.end - fixes[fixes.length - 1]!.t > offlineMs) into.add(W.offline.code);
  for (let i = 1; i < fixes.length; i++) {
    const gap = fixes[i]!.t - fixes[i - 1]!.t;
    if (gap > offlineMs) into.add(W.offline.code);
    if (gap >= silentMs && km(fixes[i - 1]!, fixes[i]!) > 10) into.add(W.abnormalMove.code);
  }
}

/** A tracker fix with wired fixes just before and after it, within 2 h, both more than 5 km away. */
function seenApart(tracker: Seen[], wired: Seen[], from: number, to: number): boolean {
  return tracker.some((w) => {
    if (w.t < from || w.t > to) return false;
    const before = wired.filter((f) => f.t <= w.t).at(-1);
    const after = wired.find((f) => f.t > w.t);
    return !!before && !!after && w.t - before.t <= 2 * HOUR && after.t - w.t <= 2 * HOUR && km(w, before) > 5 && km(w, after) > 5;
  });
}

function expectedFor(episodes: Episode[], devices: PlannedDevice[]): Set<number> {
  const want = new Set<number>();
  const fixes = new Map(devices.map((d) => [d, fixesOf(d)]));
  for (const [d, f] of fixes) fromSilences(d, f, want);
  for (const e of episodes) {
    if (e.kind === 'riskPointStay' && e.start + 0.5 * HOUR < plan.end) want.add(W.riskPointStay.code);
    if (e.kind === 'powerCut') want.add(W.powerCut.code);
    if (e.kind === 'removal') want.add(W.removal.code);
    if (e.kind === 'leaveProvince' && e.start + 0.25 * HOUR < plan.end) want.add(W.leftRegion.code);
    if (e.kind === 'separation') {
      const wired = fixes.get(devices.find((d) => d.kind === 1)!)!;
      const tracker = fixes.get(devices.find((d) => d.kind === 2)!)!;
      if (seenApart(tracker, wired, e.start, e.end ?? plan.end)) want.add(W.separation.code);
    }
  }
  return want;
}

beforeAll(async () => {
  t = await createTestApp();
  plan = planFleet(await loadFleetSource(t.db, { maxDevices: 70 }), { seed: 5, now: SEED_NOW, historyDays: 9 });
  engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => plan.end, onError: (err) => { throw err; } });
  const result = await runHistory({ plan, connection: { transport: 'pipeline', pipeline: t.telemetry.pipeline }, concurrency: 8 });
  expect(result.failed).toEqual([]);
  await engine.idle();
  // The first start's sweep, at the end of the history: devices silent since then are offline now.
  await engine.sweep();
  await engine.idle();
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

async function typesOfCar(carId: number): Promise<Set<number>> {
  const rows = await t.db.selectFrom('warning').select('warning_type').where('car_id', '=', carId).execute();
  return new Set(rows.map((r) => r.warning_type).filter((type) => !ORDINARY.has(type)));
}

describe('the scripted episodes of a small fleet, through the pipeline and the engine', () => {
  it('cover every kind of episode and leave most cars quiet', () => {
    expect(new Set(plan.episodes.map((e) => e.kind))).toEqual(new Set(EPISODE_KINDS));
    expect(plan.cars.length - new Set(plan.episodes.map((e) => e.carId)).size).toBeGreaterThan(10);
  });

  it('give each episode car exactly the warnings its episodes call for', async () => {
    for (const car of plan.cars) {
      const episodes = plan.episodes.filter((e) => e.carId === car.carId);
      if (episodes.length === 0) continue;
      const want = expectedFor(episodes, car.devices);
      expect([...(await typesOfCar(car.carId))].sort(), `car ${car.carId}: ${episodes.map((e) => e.kind).join(', ')}`).toEqual([...want].sort());
    }
  });

  it('give the quiet cars none of those warnings', async () => {
    for (const car of plan.cars) {
      if (plan.episodes.some((e) => e.carId === car.carId)) continue;
      expect(expectedFor([], car.devices)).toEqual(new Set());
      expect([...(await typesOfCar(car.carId))], `car ${car.carId}`).toEqual([]);
    }
  });

  it('raise the stays in an underground yard from their blind-area upload, saying they came late', async () => {
    const blind = plan.episodes.filter((e) => e.blindArea && e.start + 0.5 * HOUR < plan.end);
    expect(blind.length).toBeGreaterThan(0);
    for (const e of blind) {
      const rows = await t.db.selectFrom('warning').select(['detail']).where('car_id', '=', e.carId).where('warning_type', '=', W.riskPointStay.code)
        .where('last_time', '>=', e.start + 0.5 * HOUR).where('warning_time', '<=', e.end!).execute();
      expect(rows.map((r) => JSON.parse(r.detail).lateData), `${e.id}`).toContain(true);
    }
  });

  it('raise the power cut that follows a risk-point stay within 72 h to a compound, high warning', async () => {
    const cuts = plan.episodes.filter((e) => e.kind === 'powerCut' && e.follows);
    expect(cuts.length).toBeGreaterThan(0);
    for (const cut of cuts) {
      const rows = await t.db.selectFrom('warning').select(['risk_level', 'compound']).where('car_id', '=', cut.carId).where('warning_type', '=', W.powerCut.code).execute();
      expect(rows).toEqual([{ risk_level: 1, compound: 1 }]);
      const grade = await t.db.selectFrom('customer').innerJoin('car', 'car.customer_id', 'customer.id').select('grade').where('car.id', '=', cut.carId).executeTakeFirstOrThrow();
      expect(grade.grade).toBe('high');
    }
  });
});
