import { WARNING_TYPES, distanceM } from '@cvrisk/contracts';
import { HOUR_MS, type Fire, type Seen, type Thresholds } from '../types.js';

/** When the car's wired and wireless devices were first seen apart in this spell, or null while together. */
export type ApartSince = number | null;

const at = (s: Seen): Seen => ({ t: s.t, lng: s.lng, lat: s.lat });

/**
 * The car's wireless tracker is farther than the threshold from its wired device. The tracker's fix
 * is compared with the wired device's fixes just before and just after it, both within the
 * configured hours: only then is it known where the wired device was when the tracker reported (a
 * wired device that fell silent while the car drove off with both is no separation). Both far: apart;
 * both near: together; one of each (the car was leaving): no news.
 *
 * Pairs may come in any order (a history upload sends one device's days before the other's): an
 * earlier apart pair moves the spell's start back, and only a together pair later than that start
 * ends it. The warning belongs to the wireless device, the one whose position disagrees with the car's.
 */
export function separation(
  since: ApartSince, wireless: Seen, before: Seen, after: Seen, th: Thresholds,
): { state: ApartSince; fire: Fire | null } {
  const window = th.separation.freshHours * HOUR_MS;
  if (wireless.t - before.t > window || after.t - wireless.t > window) return { state: since, fire: null };
  const kmBefore = distanceM(wireless.lng, wireless.lat, before.lng, before.lat) / 1000;
  const kmAfter = distanceM(wireless.lng, wireless.lat, after.lng, after.lat) / 1000;
  const limit = th.separation.distanceKm;
  if (kmBefore <= limit && kmAfter <= limit) return { state: since !== null && wireless.t < since ? since : null, fire: null };
  if (kmBefore <= limit || kmAfter <= limit) return { state: since, fire: null };
  const start = since === null ? wireless.t : Math.min(since, wireless.t);
  const nearer = wireless.t - before.t <= after.t - wireless.t ? before : after;
  return {
    state: start,
    fire: {
      type: WARNING_TYPES.separation.code, placeKey: '', time: start, at: Math.max(wireless.t, nearer.t), lng: wireless.lng, lat: wireless.lat,
      detail: { km: Math.round(Math.min(kmBefore, kmAfter) * 10) / 10, wired: at(nearer), wireless: at(wireless), since: start },
      continuing: true,
    },
  };
}
