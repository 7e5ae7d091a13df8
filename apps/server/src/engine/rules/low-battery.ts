import { DeviceKind, WARNING_TYPES } from '@cvrisk/contracts';
import type { Fire, Fix, Thresholds } from '../types.js';

/** `since`: when the battery fell below the threshold, null while it is above. */
export type LowBatteryState = number | null;

/** A wireless tracker's battery below the threshold, one warning per spell until it is recharged. */
export function lowBattery(since: LowBatteryState, fix: Fix, kind: number, th: Thresholds): { state: LowBatteryState; fire: Fire | null } {
  if (kind !== DeviceKind.wireless || fix.battery === null) return { state: since, fire: null };
  if (fix.battery >= th.lowBattery.percent) return { state: null, fire: null };
  const start = since ?? fix.t;
  return {
    state: start,
    fire: {
      type: WARNING_TYPES.lowBattery.code, placeKey: '', time: start, at: fix.t, lng: fix.lng, lat: fix.lat,
      detail: { battery: fix.battery, since: start }, continuing: true,
    },
  };
}
