import { DeviceKind } from '@cvrisk/contracts';
import { alarmEdges } from '../telemetry/pipeline/alarm-edges.js';
import type { DeviceContext } from './context.js';
import { remember, sample, type DeviceMemory } from './memory.js';
import { awayFromHomeAndWork } from './places.js';
import type { NearestPoint } from './risk-point-index.js';
import { abnormalMove } from './rules/abnormal-move.js';
import { fenceCrossings } from './rules/fence.js';
import { leftRegion, type Region } from './rules/left-region.js';
import { advanceAnchor, driving, longStay } from './rules/long-stay.js';
import { lowBattery } from './rules/low-battery.js';
import { offlineOnReturn, type HeardRun } from './rules/offline.js';
import { powerCut } from './rules/power-cut.js';
import { removal } from './rules/removal.js';
import { residenceChange } from './rules/residence-change.js';
import { riskPointStay } from './rules/risk-point-stay.js';
import { separation } from './rules/separation.js';
import type { Fire, Fix, Seen } from './types.js';

export type EvalEnv = {
  nearestPoint: NearestPoint;
  /** The gazetteer's province and city of a point, null where it names none. */
  regionAt(lng: number, lat: number): Region | null;
  /** Another device's memory, when the engine holds it (the wired device reads its wireless partner's recent fixes). */
  memoryOf(id: number): DeviceMemory | undefined;
  /** That device's memory changed here (a separation spell lives with the wireless device). */
  touched(id: number): void;
  /** The device's current run of messages heard by the gateway, when one may fall inside a silence between its fixes. */
  heardRun?(deviceId: number): HeardRun | undefined;
  /** Before the device's first fix of a local day: its memory as it stands, kept for judging late fixes again. */
  dayBegins?(deviceId: number, day: number, m: DeviceMemory): void;
};

/** Local days (Asia/Shanghai) since the epoch: compared at every fix, so plain arithmetic. */
export const localDay = (t: number) => Math.floor((t + 8 * 3_600_000) / 86_400_000);

/** A driving car's region is looked up this often; a standing car's at every fix. */
const REGION_EVERY_MS = 5 * 60_000;

/**
 * Runs one device's new fixes, oldest first and each newer than the last evaluated, through every
 * rule that reads a single device; advances its memory and appends what fires. Separation from the
 * wireless side needs the wired device's stored fixes and is asked by the engine afterwards. This
 * runs for every position stored, so the spatial lookups are spared where they cannot matter: a
 * driving car is at no risk point, and its region is checked every few minutes, not every 10 s.
 */
export function evaluateFixes(m: DeviceMemory, ctx: DeviceContext, fixes: readonly Fix[], env: EvalEnv, out: Fire[]): void {
  const th = ctx.thresholds;
  const push = (f: Fire | null) => {
    if (f) out.push(f);
  };
  const isAway = (a: { lng: number; lat: number; since: number }) => awayFromHomeAndWork(m.nights, m.days, { t: a.since, lng: a.lng, lat: a.lat });
  for (const fix of fixes) {
    const last = m.last;
    if (env.dayBegins && (!last || localDay(last.t) !== localDay(fix.t))) env.dayBegins(ctx.id, localDay(fix.t), m);
    if (last) {
      push(offlineOnReturn(last, fix.t, ctx.kind, th, env.heardRun?.(ctx.id)));
      push(abnormalMove(last, fix, ctx.kind, th));
    }
    const before = { word: last?.alarmWord ?? 0, model: last?.modelAlarms ?? 0 };
    if (fix.alarmWord !== before.word || fix.modelAlarms !== before.model) {
      const { opened } = alarmEdges(before, { word: fix.alarmWord, model: fix.modelAlarms });
      push(powerCut(ctx.kind, opened, fix));
      push(removal(opened, fix));
    }
    if (ctx.kind === DeviceKind.wireless) {
      const battery = lowBattery(m.lowBatterySince, fix, ctx.kind, th);
      m.lowBatterySince = battery.state;
      push(battery.fire);
    }
    const moving = driving(fix, ctx.kind);
    if (ctx.region && (!moving || fix.t - (m.regionCheckedAt ?? -Infinity) >= REGION_EVERY_MS)) {
      m.regionCheckedAt = fix.t;
      const region = leftRegion(m.outside, fix, ctx.region, env.regionAt(fix.lng, fix.lat), th);
      m.outside = region.state;
      push(region.fire);
    }
    if (moving) m.pointStay = null;
    else {
      const stay = riskPointStay(m.pointStay, fix, env.nearestPoint(fix.lng, fix.lat, th.riskPoint.radiusM, ctx.deptChain), th);
      m.pointStay = stay.state;
      push(stay.fire);
    }
    if (ctx.fences.length > 0) {
      const crossed = fenceCrossings(m.fences, fix, ctx.fences);
      m.fences = crossed.state;
      out.push(...crossed.fires);
    }
    const anchor = advanceAnchor(m.anchor, fix, ctx.kind);
    if (anchor) {
      const long = longStay(anchor, fix.t, th, isAway);
      m.anchor = long.state;
      push(long.fire);
    } else m.anchor = null;
    if (sample(m, fix)) push(residenceChange(m.nights, th));

    if (ctx.kind === DeviceKind.wireless) remember(m, fix);
    else if (last) for (const p of ctx.partners) if (p.kind === DeviceKind.wireless) pairWithTracker(p.id, last, fix, env, out, ctx);
    if (last) {
      last.t = fix.t;
      last.lng = fix.lng;
      last.lat = fix.lat;
      last.alarmWord = fix.alarmWord;
      last.modelAlarms = fix.modelAlarms;
    } else m.last = { t: fix.t, lng: fix.lng, lat: fix.lat, alarmWord: fix.alarmWord, modelAlarms: fix.modelAlarms };
  }
}

/**
 * The wired side of separation: each tracker fix between the previous wired fix and this one is
 * judged against both (see the rule). The tracker's fixes are in time order: a binary search finds
 * the first after the previous wired fix.
 */
function pairWithTracker(trackerId: number, last: Seen, fix: Fix, env: EvalEnv, out: Fire[], ctx: DeviceContext): void {
  const recent = env.memoryOf(trackerId)?.recent;
  if (!recent || recent.length === 0) return;
  const tracker = env.memoryOf(trackerId)!;
  let lo = 0;
  let hi = recent.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (recent[mid]!.t <= last.t) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < recent.length && recent[i]!.t <= fix.t; i++) {
    const apart = separation(tracker.apartSince, recent[i]!, last, fix, ctx.thresholds);
    if (apart.state !== tracker.apartSince) {
      tracker.apartSince = apart.state;
      env.touched(trackerId);
    }
    if (apart.fire) out.push({ ...apart.fire, deviceId: trackerId });
  }
}
