import { DeviceKind, distanceM, WARNING_TYPES } from '@cvrisk/contracts';
import { placeCell } from '../places.js';
import { HOUR_MS, type Fire, type Fix, type Thresholds } from '../types.js';

/** Where the car has stood since `since`; `away` (away from home and work) is settled once, when first needed. */
export type Anchor = { lng: number; lat: number; since: number; away?: boolean } | null;

/** A fix this far from where the car stood means it moved, whatever its speed says. */
const STAY_RADIUS_M = 1000;
const MOVING_KMH = 3;

/** The car is being driven: moving, with the ignition on (wireless trackers know no ignition). */
export const driving = (fix: Fix, kind: number): boolean => fix.speed >= MOVING_KMH && (kind === DeviceKind.wireless || fix.acc === 1);

/**
 * Follows where the car stands: none while it is driven, the first standing fix after that, and a
 * new one when a fix lies farther away than it could have drifted.
 */
export function advanceAnchor(anchor: Anchor, fix: Fix, kind: number): Anchor {
  if (driving(fix, kind)) return null;
  if (anchor && distanceM(anchor.lng, anchor.lat, fix.lng, fix.lat) <= STAY_RADIUS_M) return anchor;
  return { lng: fix.lng, lat: fix.lat, since: fix.t };
}

/**
 * The car has not moved for longer than the threshold, as of `at`, away from its home and work
 * (`isAway` answers from the places it learned before the stay began).
 */
export function longStay(anchor: Anchor, at: number, th: Thresholds, isAway: (a: NonNullable<Anchor>) => boolean): { state: Anchor; fire: Fire | null } {
  const need = th.longStay.hours * HOUR_MS;
  if (!anchor || at - anchor.since < need) return { state: anchor, fire: null };
  const state = anchor.away === undefined ? { ...anchor, away: isAway(anchor) } : anchor;
  if (!state.away) return { state, fire: null };
  return {
    state,
    fire: {
      type: WARNING_TYPES.longStay.code, placeKey: `stay:${placeCell(state.lng, state.lat)}`, time: state.since + need, at,
      lng: state.lng, lat: state.lat, detail: { since: state.since, hours: Math.round((at - state.since) / HOUR_MS) }, continuing: true,
    },
  };
}
