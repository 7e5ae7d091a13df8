import { WARNING_TYPES, distanceM } from '@cvrisk/contracts';
import { dominantPlace, PLACE_RADIUS_M, placeCell } from '../places.js';
import type { Fire, Seen, Thresholds } from '../types.js';

/** Where the car spent one night (22:00–05:00 local): `night` numbers the morning's local day. */
export type NightSample = Seen & { night: number };

/** Nights of the recent week that must agree on a new place, and older nights that must agree on home. */
const RECENT_NIGHTS = 7;
const RECENT_AGREE = 5;
const HOME_AGREE = 3;

/**
 * The night-time dwell place of the last seven nights is far from the learned home: the place most
 * nights before that week were spent. Five of the seven nights must agree, so a trip of a few nights
 * is no change of residence; without three agreeing older nights there is no home to compare with.
 */
export function residenceChange(nights: readonly NightSample[], th: Thresholds): Fire | null {
  if (nights.length === 0) return null;
  const latest = nights[nights.length - 1]!;
  const recent = nights.filter((n) => n.night > latest.night - RECENT_NIGHTS);
  const older = nights.filter((n) => n.night <= latest.night - RECENT_NIGHTS);
  const now = dominantPlace(recent, RECENT_AGREE);
  const home = now && dominantPlace(older, HOME_AGREE);
  if (!now || !home) return null;
  const km = distanceM(home.lng, home.lat, now.lng, now.lat) / 1000;
  if (km <= th.residence.distanceKm) return null;
  const first = recent.find((n) => distanceM(n.lng, n.lat, now.lng, now.lat) <= PLACE_RADIUS_M) ?? latest;
  return {
    type: WARNING_TYPES.residenceChange.code, placeKey: `home:${placeCell(now.lng, now.lat, 10)}`, time: first.t, at: latest.t,
    lng: now.lng, lat: now.lat, detail: { home: { lng: home.lng, lat: home.lat }, km: Math.round(km * 10) / 10, nights: now.count },
    continuing: true,
  };
}
