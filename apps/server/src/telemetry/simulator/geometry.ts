import type { Rng } from '../../demo/random.js';
import type { Place } from './cities.js';

/** Degrees to km on a local flat projection: exact enough for a car's day, within a few hundred km. */
export const KM_PER_DEG_LAT = 110.574;
export const kmPerDegLng = (lat: number) => 111.32 * Math.cos((lat * Math.PI) / 180);

/** Straight-line distance in km. */
export function flatKm(a: Place, b: Place): number {
  const dx = (b.lng - a.lng) * kmPerDegLng((a.lat + b.lat) / 2);
  const dy = (b.lat - a.lat) * KM_PER_DEG_LAT;
  return Math.sqrt(dx * dx + dy * dy);
}

/** The point east/north of another by the given km. */
export function offsetPlace(p: Place, eastKm: number, northKm: number): Place {
  return { lng: p.lng + eastKm / kmPerDegLng(p.lat), lat: p.lat + northKm / KM_PER_DEG_LAT };
}

/** A point between minKm and maxKm from another, on a random bearing. */
export function placeAround(rng: Rng, p: Place, minKm: number, maxKm: number): Place {
  const d = rng.float(minKm, maxKm);
  const bearing = rng.float(0, 2 * Math.PI);
  return offsetPlace(p, d * Math.sin(bearing), d * Math.cos(bearing));
}
