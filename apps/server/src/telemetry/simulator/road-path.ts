import type { Rng } from '../../demo/random.js';
import type { Place } from './cities.js';
import { flatKm, KM_PER_DEG_LAT, kmPerDegLng } from './geometry.js';

/**
 * A drive's route: waypoints with cumulative length and the heading of each stretch. Real roads are
 * not straight lines; a few bends off the direct line make tracks look driven and the odometer
 * read 15–35 % more than the crow flies, as it does.
 */
export type RoadPath = {
  lng: Float64Array;
  lat: Float64Array;
  /** Km from the start to each waypoint. */
  cumKm: Float64Array;
  /** Degrees from north of the stretch leaving each waypoint. */
  heading: Float64Array;
  lengthKm: number;
};

export function roadPath(rng: Rng, a: Place, b: Place): RoadPath {
  const straight = flatKm(a, b);
  const bends = straight < 2 ? 1 : straight < 30 ? rng.int(2, 4) : rng.int(3, 6);
  const kx = kmPerDegLng((a.lat + b.lat) / 2);
  const dx = (b.lng - a.lng) * kx;
  const dy = (b.lat - a.lat) * KM_PER_DEG_LAT;
  // Unit vector across the direct line: bends push the route to one side or the other.
  const px = straight > 0 ? -dy / straight : 0;
  const py = straight > 0 ? dx / straight : 0;
  const n = bends + 2;
  const lng = new Float64Array(n);
  const lat = new Float64Array(n);
  lng[0] = a.lng;
  lat[0] = a.lat;
  lng[n - 1] = b.lng;
  lat[n - 1] = b.lat;
  for (let i = 1; i <= bends; i++) {
    const f = (i - 0.5 + rng.next()) / (bends + 1);
    const side = rng.float(-0.14, 0.14) * straight;
    lng[i] = a.lng + (dx * f + px * side) / kx;
    lat[i] = a.lat + (dy * f + py * side) / KM_PER_DEG_LAT;
  }
  const cumKm = new Float64Array(n);
  const heading = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const ex = (lng[i]! - lng[i - 1]!) * kx;
    const ny = (lat[i]! - lat[i - 1]!) * KM_PER_DEG_LAT;
    cumKm[i] = cumKm[i - 1]! + Math.sqrt(ex * ex + ny * ny);
    heading[i - 1] = (Math.atan2(ex, ny) * 180) / Math.PI + 360;
  }
  heading[n - 1] = heading[n - 2]!;
  return { lng, lat, cumKm, heading, lengthKm: cumKm[n - 1]! };
}

/**
 * Walks a path forwards without allocating: fixes along one drive come in increasing distance, so
 * the stretch index only ever moves on.
 */
export class PathCursor {
  lng = 0;
  lat = 0;
  heading = 0;
  private i = 0;

  constructor(private path: RoadPath) {}

  reset(path: RoadPath): void {
    this.path = path;
    this.i = 0;
  }

  /** Moves to `km` from the start (clamped to the path); going backwards restarts the walk. */
  at(km: number): void {
    const p = this.path;
    const last = p.cumKm.length - 1;
    if (km < p.cumKm[this.i]!) this.i = 0;
    while (this.i < last - 1 && p.cumKm[this.i + 1]! < km) this.i += 1;
    const from = p.cumKm[this.i]!;
    const span = p.cumKm[this.i + 1]! - from;
    const f = span > 0 ? Math.min(1, Math.max(0, (km - from) / span)) : 0;
    this.lng = p.lng[this.i]! + (p.lng[this.i + 1]! - p.lng[this.i]!) * f;
    this.lat = p.lat[this.i]! + (p.lat[this.i + 1]! - p.lat[this.i]!) * f;
    this.heading = p.heading[this.i]! % 360;
  }
}
