import { WARNING_TYPES } from '@cvrisk/contracts';
import type { Fire, Fix } from '../types.js';

/**
 * Alarm types that mean the device is being taken off the car: theft (bit 26), and the per-model
 * mapping's tampering (100), light sensor (101) and case opened (102) — telemetry/pipeline/alarm-mapping.ts.
 * Vibration (103) is recorded as a device alarm only: a car driven over a bad road or knocked in a
 * car park shakes its terminal, so it says nothing of the device leaving the car on its own.
 */
const REMOVAL_ALARMS: readonly number[] = [26, 100, 101, 102];

/** Any removal alarm turned on with this fix. */
export function removal(opened: readonly number[], fix: Fix): Fire | null {
  const alarms = opened.filter((t) => REMOVAL_ALARMS.includes(t));
  if (alarms.length === 0) return null;
  return {
    type: WARNING_TYPES.removal.code, placeKey: '', time: fix.t, at: fix.t, lng: fix.lng, lat: fix.lat,
    detail: { alarmTypes: alarms }, continuing: false,
  };
}
