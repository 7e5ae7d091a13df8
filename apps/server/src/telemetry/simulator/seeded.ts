import { Rng } from '../../demo/random.js';

/**
 * A random stream for one thing of the simulation (a car's day, a drive, a device's report slot),
 * keyed by integers: every part is reproducible on its own, whatever else was generated before it,
 * which is what lets a time window be generated without replaying everything before it.
 */
export function rngOf(seed: number, purpose: number, a: number, b = 0, c = 0): Rng {
  return new Rng(mix(mix(mix(mix(seed, purpose), a), b), c));
}

/** What a stream is for, so two purposes with the same keys never share one. */
export const Stream = {
  places: 1,
  day: 3,
  drive: 4,
  parking: 5,
  samples: 6,
  wireless: 7,
  episodes: 8,
  device: 9,
} as const;

/** murmur3's finaliser over a running hash: cheap, and every input bit moves the output. */
function mix(h: number, k: number): number {
  let x = (h ^ Math.imul(k | 0, 0xcc9e2d51)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A stable integer for a string key (device numbers), for use as a stream key. */
export function hashText(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A cheap, reproducible value in [-1, 1) for a pair of integers: GPS drift of a parked car. */
export function wobble(a: number, b: number): number {
  return mix(mix(0x2545f491, a), b) / 2147483648 - 1;
}
