/** The window is counted in this many slices: a key's memory is this many counts, whatever its failures. */
const SLICES = 10;

/**
 * Failed registrations and authentications counted per key (a remote address, an address and a
 * device number) in a sliding window, counted in tenths: a failure is forgotten between 0.9 and 1
 * window after it. Memory is bounded twice over: each key holds ten counts however many failures it
 * has (a ceiling of 300 costs what one of 10 does), and past `maxKeys` the keys whose last failure is
 * oldest are forgotten first, so a stranger cycling through addresses or numbers cannot grow it.
 */
export function createAttemptLimiter(o: { maxFailures: number; windowMs: number; maxKeys?: number; now?: () => number }) {
  const now = o.now ?? Date.now;
  const maxKeys = o.maxKeys ?? 100_000;
  const sliceMs = o.windowMs / SLICES;
  /** Per key: failures per slice (slice n at n % SLICES), and the latest slice written. */
  const failures = new Map<string, { counts: number[]; slice: number }>();

  /** The key's failures within the window at slice `s`, its older slices emptied on the way. */
  const recent = (key: string, s: number): number => {
    const entry = failures.get(key);
    if (!entry) return 0;
    if (s - entry.slice >= SLICES) {
      failures.delete(key);
      return 0;
    }
    for (let n = entry.slice + 1; n <= s; n++) entry.counts[n % SLICES] = 0;
    entry.slice = Math.max(entry.slice, s);
    const total = entry.counts.reduce((a, b) => a + b, 0);
    if (total === 0) failures.delete(key);
    return total;
  };

  return {
    /** True while the key has used up its failures within the window. */
    blocked(key: string): boolean {
      return recent(key, Math.floor(now() / sliceMs)) >= o.maxFailures;
    },
    /** Counts a failure; true when the key is now blocked. */
    fail(key: string): boolean {
      const s = Math.floor(now() / sliceMs);
      const count = recent(key, s) + 1;
      const entry = failures.get(key) ?? { counts: Array<number>(SLICES).fill(0), slice: s };
      entry.counts[s % SLICES]! += 1;
      // Re-inserting keeps the map in order of last failure: the first key is the stalest.
      failures.delete(key);
      failures.set(key, entry);
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value!);
      return count >= o.maxFailures;
    },
    /** Forgets the key's failures (a terminal that has since proved itself). */
    clear(key: string): void {
      failures.delete(key);
    },
    get size(): number {
      return failures.size;
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
