/** Structural view of a zod schema, so the console needs no zod import of its own. */
export type QuerySchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } };
};

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/**
 * A list query from the address bar, checked by the contract's schema. A hand-edited or stale
 * parameter that fails the check is dropped on its own instead of failing the whole screen.
 */
export function parseListQuery<T>(schema: QuerySchema<T>, params: URLSearchParams): T {
  const withDefaults = (entries: [string, unknown][]) => ({ pageSize: String(DEFAULT_PAGE_SIZE), ...Object.fromEntries(entries) });
  let raw: Record<string, unknown> = withDefaults([...params.entries()]);
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    raw = withDefaults(Object.entries(raw).filter(([k]) => !bad.has(k)));
  }
  const fallback = schema.safeParse({ pageSize: DEFAULT_PAGE_SIZE });
  if (!fallback.success) throw new Error('list query schema rejects its own defaults');
  return fallback.data;
}

/** The address-bar form of a list query: empty filters and default paging are left out. */
export function listQuerySearch(query: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'pageNumber' && Number(value) === 1) continue;
    if (key === 'pageSize' && Number(value) === DEFAULT_PAGE_SIZE) continue;
    out.set(key, String(value));
  }
  return out;
}

/** Whether any filter (anything but paging) is set. */
export function hasFilters(query: Record<string, unknown>): boolean {
  return Object.entries(query).some(([k, v]) => k !== 'pageNumber' && k !== 'pageSize' && v !== undefined && v !== '');
}
