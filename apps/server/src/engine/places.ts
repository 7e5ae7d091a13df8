import { distanceM } from '@cvrisk/contracts';
import type { Seen } from './types.js';

/** Samples within this distance of each other are one place (a home, a workplace). */
export const PLACE_RADIUS_M = 1000;

export type Place = { lng: number; lat: number; count: number };

/**
 * The place most samples share: the sample with the most others within the radius, and the centre
 * of that group. Null when no place gathers `min` samples. O(n²) over a few weeks of daily samples.
 */
export function dominantPlace(samples: readonly Seen[], min: number, radiusM = PLACE_RADIUS_M): Place | null {
  let best: Seen[] = [];
  for (const a of samples) {
    const group = samples.filter((b) => distanceM(a.lng, a.lat, b.lng, b.lat) <= radiusM);
    if (group.length > best.length) best = group;
  }
  if (best.length < min) return null;
  const lng = best.reduce((s, p) => s + p.lng, 0) / best.length;
  const lat = best.reduce((s, p) => s + p.lat, 0) / best.length;
  return { lng, lat, count: best.length };
}

/** A short key for a place, about a kilometre across, for warnings keyed by place. */
export const placeCell = (lng: number, lat: number, perDegree = 100): string =>
  `${Math.round(lng * perDegree)}:${Math.round(lat * perDegree)}`;

/** Samples this many of which agree make a learned place (a home, a workplace). */
const LEARNED_MIN = 2;

/**
 * Whether a stay's place is away from the car's home and work, as learned from the nights and
 * working days before the stay began (the stay's own nights would otherwise teach that it is home).
 * With nothing learned yet the answer is no: a warning needs a home to be away from.
 */
export function awayFromHomeAndWork(nights: readonly Seen[], days: readonly Seen[], at: Seen): boolean {
  const before = (s: Seen) => s.t < at.t;
  const known = [dominantPlace(nights.filter(before), LEARNED_MIN), dominantPlace(days.filter(before), LEARNED_MIN)].filter((p) => p !== null);
  return known.length > 0 && known.every((p) => distanceM(p.lng, p.lat, at.lng, at.lat) > PLACE_RADIUS_M);
}
