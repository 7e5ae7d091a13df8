import { pointInFence, WARNING_TYPES, type FenceAlarmOn, type FenceOutline } from '@cvrisk/contracts';
import type { Fire, Fix } from '../types.js';

export type BoundFence = { id: number; name: string; alarmOn: FenceAlarmOn; shape: FenceOutline };

/** Per fence bound to the device: whether its last fix was inside. */
export type FenceSides = Record<number, boolean>;

/**
 * Crossings of the device's fences with this fix, as each fence's `alarmOn` asks (enter, leave or
 * both). A fence seen for the first time (just bound, or the device's first fix) only records the
 * side: nothing was crossed.
 */
export function fenceCrossings(sides: FenceSides, fix: Fix, fences: readonly BoundFence[]): { state: FenceSides; fires: Fire[] } {
  let state = sides;
  const fires: Fire[] = [];
  for (const f of fences) {
    const inside = pointInFence([fix.lng, fix.lat], f.shape);
    const before = sides[f.id];
    if (before === inside) continue;
    if (state === sides) state = { ...sides };
    state[f.id] = inside;
    if (before === undefined) continue;
    const direction = inside ? 'in' : 'out';
    if (f.alarmOn !== 'both' && f.alarmOn !== direction) continue;
    fires.push({
      type: WARNING_TYPES.fence.code, placeKey: `fence:${f.id}:${direction}`, time: fix.t, at: fix.t, lng: fix.lng, lat: fix.lat,
      detail: { fenceId: f.id, fenceName: f.name, direction }, continuing: false,
    });
  }
  return { state, fires };
}
