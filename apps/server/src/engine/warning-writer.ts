import { DEAL_STATUS, formatTime, WARNING_TYPE_BY_CODE, warningTypeName, type RiskLevel, type WarningEvent, type WarningTypeCode } from '@cvrisk/contracts';
import { COMPOUND_TYPES, escalate } from './compound.js';
import type { DeviceContext } from './context.js';
import type { RaisedWarning } from './loan-fraud.js';
import type { Fire } from './types.js';
import type { EngineWarningRepository } from './warning.repository.js';

/**
 * What the writer knows of the newest warning of one (device, type, place); `pending` is the latest
 * sighting of a continuing condition not yet written (`flush` writes it).
 */
type Known = { id: number; open: boolean; lastTime: number; pending: { ctx: DeviceContext; fire: Fire } | null; late: boolean };

export type WriterDeps = {
  warnings: EngineWarningRepository;
  /** Each new warning that is to be pushed, once written. */
  announce(event: WarningEvent): void;
  /** Customers whose warnings changed, for the grade. */
  changed(customerId: number): void;
  /** Each new warning of a customer's car, for the loan-fraud suggestions. */
  raised?(warning: RaisedWarning): Promise<void>;
};

/**
 * Writes what the rules fire. At most one unhandled warning per (device, type, place): a rule that
 * keeps firing refreshes `last_time` and the detail of that warning instead of adding rows. A handled
 * warning that already covered this occurrence (its last sighting is not older than the occurrence)
 * keeps it from being raised again; a later occurrence raises a new one. White-listed customers get
 * no new warnings; do-not-push warnings are stored with `pushed = 0` and not announced.
 *
 * A continuing condition is seen at every fix while it lasts; its refreshes are kept and written
 * together by `flush` (every few seconds), so a history upload that passes a week of a stay in a
 * second writes the stay once, with its last sighting.
 */
export function createWarningWriter(d: WriterDeps) {
  const known = new Map<string, Known | null>();
  const pending = new Map<string, Known>();
  const raisedByType = new Map<number, number>();

  async function lookup(deviceId: number, f: Fire): Promise<Known | null> {
    const row = await d.warnings.newestOf(deviceId, f.type, f.placeKey);
    return row ? { id: row.id, open: row.deal_status === DEAL_STATUS.unhandled, lastTime: row.last_time, pending: null, late: raisedLate(row.detail) } : null;
  }

  /** Answers false when the warning was handled meanwhile and nothing was refreshed. */
  async function refresh(k: Known, ctx: DeviceContext, f: Fire): Promise<boolean> {
    // Whether it was raised from late data stays as it was: later fixes in order keep such a warning
    // going, and late fixes only refresh one that was raised in order.
    const { lateData: _late, ...rest } = f.detail;
    const detail = k.late ? { ...rest, lateData: true } : rest;
    if (!(await d.warnings.refresh(k.id, f.at, JSON.stringify(detail)))) return false;
    // An offline spell may reach a day only while refreshed: that is when it can join a compound.
    if (COMPOUND_TYPES.has(f.type) && (await escalate(d.warnings, { id: k.id, type: f.type, time: f.time, carId: ctx.carId, deviceId: ctx.id })).length > 0) {
      if (ctx.customerId !== null) d.changed(ctx.customerId);
    }
    return true;
  }

  async function insert(ctx: DeviceContext, f: Fire): Promise<number | null> {
    const level = WARNING_TYPE_BY_CODE[f.type as WarningTypeCode].level;
    const pushed = ctx.notPush.has(f.type) ? 0 : 1;
    const id = await d.warnings.insert({
      dept_id: ctx.deptId, device_id: ctx.id, car_id: ctx.carId, customer_id: ctx.customerId, warning_type: f.type, risk_level: level,
      deal_status: DEAL_STATUS.unhandled, compound: 0, place_key: f.placeKey, warning_time: f.time, last_time: f.at, lng: f.lng, lat: f.lat,
      detail: JSON.stringify(f.detail), pushed,
    });
    // Another engine process raised the same warning first: the caller refreshes that one instead.
    if (id === null) return null;
    raisedByType.set(f.type, (raisedByType.get(f.type) ?? 0) + 1);
    const raised = COMPOUND_TYPES.has(f.type) ? await escalate(d.warnings, { id, type: f.type, time: f.time, carId: ctx.carId, deviceId: ctx.id }) : [];
    if (ctx.customerId !== null) {
      d.changed(ctx.customerId);
      await d.raised?.({ id, deviceId: ctx.id, deptId: ctx.deptId, customerId: ctx.customerId, type: f.type, time: f.time, lng: f.lng, lat: f.lat, detail: f.detail });
    }
    if (pushed) d.announce(eventOf(id, ctx, f, raised.includes(id) ? 1 : level, raised.includes(id)));
    return id;
  }

  return {
    /** New warnings written since start, by type code; refreshes of one already raised do not count (metrics). */
    raisedByType: raisedByType as ReadonlyMap<number, number>,

    async write(ctx: DeviceContext, f: Fire): Promise<void> {
      const key = `${ctx.id}:${f.type}:${f.placeKey}`;
      let k = known.has(key) ? known.get(key)! : await lookup(ctx.id, f);
      for (let attempt = 0; attempt < 2; attempt++) {
        if (k?.open) {
          if (f.at <= k.lastTime) return;
          k.lastTime = f.at;
          if (f.continuing) {
            k.pending = { ctx, fire: f };
            pending.set(key, k);
            return;
          }
          k.pending = null;
          pending.delete(key);
          if (await refresh(k, ctx, f)) return;
          k = await lookup(ctx.id, f);
          continue;
        }
        if (k && !k.open && k.lastTime >= f.time) break;
        if (whiteListed(ctx, f.time)) break;
        const id = await insert(ctx, f);
        if (id !== null) {
          known.set(key, { id, open: true, lastTime: f.at, pending: null, late: f.detail.lateData === true });
          return;
        }
        k = await lookup(ctx.id, f);
      }
      known.set(key, k);
    },

    /** Drops what is known of a (device, type, place): its warning was changed behind the writer's back. */
    forget(deviceId: number, type: number, placeKey: string): void {
      const key = `${deviceId}:${type}:${placeKey}`;
      known.delete(key);
      pending.delete(key);
    },

    /** Writes the refreshes kept since the last flush; a warning handled meanwhile just drops its refresh. */
    async flush(): Promise<void> {
      const keys = [...pending.keys()];
      for (const key of keys) {
        const k = pending.get(key)!;
        pending.delete(key);
        const p = k.pending;
        k.pending = null;
        if (p && !(await refresh(k, p.ctx, p.fire))) known.set(key, await lookup(p.ctx.id, p.fire));
      }
    },
  };
}

function whiteListed(ctx: DeviceContext, at: number): boolean {
  return ctx.whiteListedUntil !== undefined && (ctx.whiteListedUntil === null || ctx.whiteListedUntil > at);
}

function eventOf(id: number, ctx: DeviceContext, f: Fire, level: RiskLevel, compound: boolean): WarningEvent {
  return {
    id, warningType: f.type as WarningTypeCode, warningTypeName: warningTypeName(f.type), riskLevel: level, compound, deviceNumber: ctx.number,
    customerName: ctx.customerName, plateNumber: ctx.plateNumber, deptId: ctx.deptId, warningTime: formatTime(f.time),
  };
}

function raisedLate(detail: string): boolean {
  try {
    return (JSON.parse(detail) as { lateData?: unknown }).lateData === true;
  } catch {
    return false;
  }
}
