import { WARNING_TYPES } from '@cvrisk/contracts';
import type { Fire, Fix } from '../types.js';

/**
 * Alarm types that mean the device is being taken off the car: theft (bit 26), and the model
 * mapping's tamper, light-sensor and case-open signals (pipeline/alarm-edges.ts).
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
