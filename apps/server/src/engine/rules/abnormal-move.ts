import { distanceM, onlineGraceMs, WARNING_TYPES } from '@cvrisk/contracts';
import { HOUR_MS, MINUTE_MS, type Fire, type Fix, type Seen, type Thresholds } from '../types.js';

/**
 * The device reports again far from where it fell silent. Silent means offline: at least the
 * configured hours and past the device's online grace, so a wireless tracker's ordinary six hours
 * between reports, during which its car drives about, is no abnormal move.
 */
export function abnormalMove(last: Seen | null, fix: Fix, kind: number, th: Thresholds): Fire | null {
  if (!last) return null;
  const gap = fix.t - last.t;
  const grace = onlineGraceMs(kind);
  if (gap < Math.max(th.abnormalMove.offlineHours * HOUR_MS, grace)) return null;
  const km = distanceM(last.lng, last.lat, fix.lng, fix.lat) / 1000;
  if (km <= th.abnormalMove.distanceKm) return null;
  return {
    type: WARNING_TYPES.abnormalMove.code, placeKey: '', time: fix.t, at: fix.t, lng: fix.lng, lat: fix.lat,
    detail: { from: { t: last.t, lng: last.lng, lat: last.lat }, km: Math.round(km * 10) / 10, offlineMinutes: Math.round(gap / MINUTE_MS) },
    continuing: false,
  };
}
