import { DeviceKind } from '@cvrisk/contracts';
import type { DeviceContext } from './context.js';
import type { Found } from './core.js';
import type { DeviceMemory } from './memory.js';
import type { EnginePositionRepository } from './position.repository.js';
import { separation } from './rules/separation.js';
import { HOUR_MS, type Fix, type Seen } from './types.js';

/** The stored fixes just before (or at) and just after `t` (rows sorted by time). */
function around(rows: readonly Seen[], t: number): [Seen, Seen] | null {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.t <= t) lo = mid + 1;
    else hi = mid;
  }
  const before = rows[lo - 1];
  const after = rows[lo] ?? (before?.t === t ? before : undefined);
  return before && after ? [before, after] : null;
}

/**
 * The tracker's side of separation: each of its new fixes against the car's wired devices' stored
 * fixes just before and after it (a history upload may have sent the wired device's days first; live,
 * the fix after comes later and the wired side judges the pair). A few fixes a day: one read each.
 */
export async function trackerSeparation(positions: EnginePositionRepository, ctx: DeviceContext, m: DeviceMemory, fixes: readonly Fix[]): Promise<Found[]> {
  const window = ctx.thresholds.separation.freshHours * HOUR_MS;
  const found: Found[] = [];
  for (const partner of ctx.partners) {
    if (partner.kind !== DeviceKind.wired) continue;
    const rows = await positions.seenBetween(partner.id, fixes[0]!.t - window, fixes[fixes.length - 1]!.t + window);
    for (const fix of fixes) {
      const pair = around(rows, fix.t);
      if (!pair) continue;
      const apart = separation(m.apartSince, fix, pair[0], pair[1], ctx.thresholds);
      m.apartSince = apart.state;
      if (apart.fire) found.push({ deviceId: ctx.id, fire: apart.fire });
    }
  }
  return found;
}
