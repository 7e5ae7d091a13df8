import type { Scope } from './scope.js';

/**
 * How long a list's total is reused. Counting a million warnings or 200,000 customers costs far more
 * than reading a page of them, and fifty operators paging the same list ask the same count over and over.
 */
export const COUNT_TTL_MS = 5000;
/** Distinct (scope, filters) totals kept at most; the oldest go first. */
const MAX_ENTRIES = 2000;

type Entry<T> = { count: T; at: number };

/** One total per scope and filter set: users of the same departments share it. */
export const countKey = (scope: Scope, filters: object) =>
  JSON.stringify([scope.kind === 'all' ? '*' : [...scope.deptIds].sort((a, b) => a - b), Object.entries(filters).filter(([, v]) => v !== undefined).sort()]);

/**
 * A list's totals per (scope, filters). The rows of a page are always read fresh; only the total is
 * reused. Every change in this process that can move a total drops all totals at once (`invalidate`),
 * so an operator never sees a total that disagrees with what they just did; a change made by another
 * server process reaches the total within COUNT_TTL_MS. Concurrent misses of one key share one count.
 */
export function createCountCache<T = number>(o: { ttlMs?: number; now?: () => number; maxEntries?: number } = {}) {
  const maxEntries = o.maxEntries ?? MAX_ENTRIES;
  const ttl = o.ttlMs ?? COUNT_TTL_MS;
  const now = o.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T>>();
  let generation = 0;

  return {
    async get(key: string, count: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttl) return hit.count;
      const pending = loading.get(key);
      if (pending) return pending;
      const started = generation;
      const at = now();
      const load = count().finally(() => loading.delete(key));
      loading.set(key, load);
      const n = await load;
      // A count begun before a change may not include it: answer it, but do not keep it.
      if (started === generation) {
        entries.delete(key);
        entries.set(key, { count: n, at });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return n;
    },

    invalidate(): void {
      generation++;
      entries.clear();
      loading.clear();
    },
  };
}

export type CountCache<T = number> = ReturnType<typeof createCountCache<T>>;
