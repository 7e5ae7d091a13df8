import { WARNING_TYPES } from '@cvrisk/contracts';
import { MINUTE_MS, type Fire, type Fix, type Thresholds } from '../types.js';

/** The nearest risk point the car's department may see, within the configured radius of a fix. */
export type NearPoint = { id: number; name: string; category: string; lng: number; lat: number; distanceM: number };

/** The risk point the car has been at since `since` (every fix since within the radius), or null. */
export type PointStay = { pointId: number; since: number } | null;

/**
 * The car stays within the radius of one risk point for the configured time. Consecutive standing
 * fixes near the same point extend the stay; a fix away from it, near another point, or driving
 * (`near` is null then) starts over.
 */
export function riskPointStay(
  stay: PointStay, fix: Fix, near: NearPoint | null, th: Thresholds,
): { state: PointStay; fire: Fire | null } {
  if (!near) return { state: null, fire: null };
  const state = stay && stay.pointId === near.id ? stay : { pointId: near.id, since: fix.t };
  const need = th.riskPoint.stayMinutes * MINUTE_MS;
  if (fix.t - state.since < need) return { state, fire: null };
  return {
    state,
    fire: {
      type: WARNING_TYPES.riskPointStay.code,
      placeKey: `rp:${near.id}`,
      time: state.since + need,
      at: fix.t,
      lng: fix.lng,
      lat: fix.lat,
      detail: {
        riskPointId: near.id, riskPointName: near.name, category: near.category, distanceM: Math.round(near.distanceM),
        since: state.since, minutes: Math.round((fix.t - state.since) / MINUTE_MS),
      },
      continuing: true,
    },
  };
}
