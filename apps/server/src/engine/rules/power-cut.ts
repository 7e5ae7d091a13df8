import { DeviceKind, WARNING_TYPES } from '@cvrisk/contracts';
import type { Fire, Fix } from '../types.js';

/** JT/T 808 alarm bit 8: the terminal's main power supply is lost. */
const POWER_LOST = 8;

/** A wired device raised "main power lost" with this fix (its rising edge: `opened` holds the alarm types that just turned on). */
export function powerCut(kind: number, opened: readonly number[], fix: Fix): Fire | null {
  if (kind !== DeviceKind.wired || !opened.includes(POWER_LOST)) return null;
  return {
    type: WARNING_TYPES.powerCut.code, placeKey: '', time: fix.t, at: fix.t, lng: fix.lng, lat: fix.lat,
    detail: { alarmType: POWER_LOST }, continuing: false,
  };
}
