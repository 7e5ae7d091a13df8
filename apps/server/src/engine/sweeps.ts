import { OFFLINE_MIN_HOURS, onlineGraceMs } from '@cvrisk/contracts';
import type { ContextCache } from './context.js';
import type { Core, Found } from './core.js';
import type { EngineDeviceStatusRepository } from './device-status.repository.js';
import { awayFromHomeAndWork } from './places.js';
import { longStay } from './rules/long-stay.js';
import { offlineLimitMs, offlineNow } from './rules/offline.js';
import { residenceChange } from './rules/residence-change.js';
import { HOUR_MS } from './types.js';

/** The smallest thresholds any institution may set: the sweep reads no device silent for less. */
const MIN_WIRED_MS = OFFLINE_MIN_HOURS.wired * HOUR_MS;
const MIN_WIRELESS_MS = OFFLINE_MIN_HOURS.wireless * HOUR_MS;

/**
 * Devices silent past their offline threshold at `now`. `deferAfter`: right after a restart, a
 * device whose threshold ran out while the engine was down (at or after this time) is left for later,
 * so terminals can first upload what they kept meanwhile.
 */
export async function sweepOffline(
  status: EngineDeviceStatusRepository, contexts: ContextCache, now: number, deferAfter: number | null, owns: (deviceNumber: string) => boolean,
): Promise<Found[]> {
  const rows = (await status.silent(now - MIN_WIRED_MS, now - MIN_WIRELESS_MS)).filter((r) => owns(r.device_number));
  await contexts.ensure(rows.map((r) => r.device_id));
  const found: Found[] = [];
  for (const r of rows) {
    const ctx = contexts.get(r.device_id);
    if (!ctx) continue;
    const heard = Number(r.heard);
    if (deferAfter !== null && heard + offlineLimitMs(ctx.kind, ctx.thresholds) >= deferAfter) continue;
    const fire = offlineNow({ t: heard, lng: r.lng, lat: r.lat }, now, ctx.kind, ctx.thresholds);
    if (fire) found.push({ deviceId: r.device_id, fire });
  }
  return found;
}

/**
 * Long stays as of `now`, for devices the engine holds: a stay lasts while the device reports, so it
 * is counted to now for an online device and to the end of its grace for one that fell silent.
 */
export function sweepLongStays(core: Core, contexts: ContextCache, now: number): Found[] {
  const found: Found[] = [];
  for (const [id, m] of core.memories) {
    const ctx = contexts.get(id);
    if (!ctx || !m.anchor || !m.last) continue;
    const at = Math.min(now, m.last.t + onlineGraceMs(ctx.kind));
    const stay = longStay(m.anchor, at, ctx.thresholds, (a) => awayFromHomeAndWork(m.nights, m.days, { t: a.since, lng: a.lng, lat: a.lat }));
    m.anchor = stay.state;
    if (stay.fire) found.push({ deviceId: id, fire: stay.fire });
  }
  return found;
}

/** Residence changes of every device the engine holds (the nightly pass; each night's end also checks its own device). */
export async function sweepResidences(core: Core, contexts: ContextCache): Promise<Found[]> {
  const ids = [...core.memories.keys()];
  await contexts.ensure(ids);
  const found: Found[] = [];
  for (const id of ids) {
    const ctx = contexts.get(id);
    const fire = ctx && residenceChange(core.memories.get(id)!.nights, ctx.thresholds);
    if (fire) found.push({ deviceId: id, fire });
  }
  return found;
}
