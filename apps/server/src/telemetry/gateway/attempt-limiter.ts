/**
 * Failed registrations and authentications counted per key (a remote address, a device number) in a
 * sliding window. Memory is bounded: past `maxKeys` the oldest keys are forgotten first, so a
 * stranger cycling through addresses cannot grow it.
 */
export function createAttemptLimiter(o: { maxFailures: number; windowMs: number; maxKeys?: number; now?: () => number }) {
  const now = o.now ?? Date.now;
  const maxKeys = o.maxKeys ?? 100_000;
  const failures = new Map<string, number[]>();

  const recent = (key: string, t: number): number[] => {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((at) => t - at < o.windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };

  return {
    /** True while the key has used up its failures within the window. */
    blocked(key: string): boolean {
      return recent(key, now()).length >= o.maxFailures;
    },
    fail(key: string): void {
      const t = now();
      const times = recent(key, t);
      times.push(t);
      // Re-inserting keeps the map in order of last failure: the first key is the stalest.
      failures.delete(key);
      failures.set(key, times.slice(-o.maxFailures));
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value!);
    },
    get size(): number {
      return failures.size;
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
