import { WarningListQuery, type DealStatus } from '@cvrisk/contracts';
import type { QuerySchema } from '../../lib/listQuery';
import { filtersFromQuery, filtersToQuery, type WarningFilterValues } from './warningFilters';

/** The address bar's word for "every status": with it, reloading keeps the whole list. */
export const ALL_STATUSES = 'all' as const;

/**
 * The list as the address bar holds it. Opened with no filter at all, it is the operator's queue:
 * the unhandled warnings. Clearing 处理状态 writes `dealStatus=all`, so the address (and a reload)
 * keeps the whole list; a link that sets any filter (the top bar, the home page) keeps every status
 * it did not exclude, as before.
 */
export type WarningListView = Omit<WarningListQuery, 'dealStatus'> & { dealStatus?: DealStatus | typeof ALL_STATUSES };

/** Not filters: paging and sorting alone still open the queue. */
const NOT_FILTERS = new Set(['pageNumber', 'pageSize', 'sortField', 'sortOrder']);

const hasFilter = (raw: Record<string, unknown>) => Object.entries(raw).some(([k, v]) => !NOT_FILTERS.has(k) && v !== undefined && v !== '');

export const WarningListViewSchema: QuerySchema<WarningListView> = {
  safeParse(value) {
    const raw = value as Record<string, unknown>;
    if (raw.dealStatus === ALL_STATUSES) {
      const parsed = WarningListQuery.safeParse({ ...raw, dealStatus: undefined });
      return parsed.success ? { success: true, data: { ...parsed.data, dealStatus: ALL_STATUSES } } : parsed;
    }
    return WarningListQuery.safeParse(hasFilter(raw) ? raw : { ...raw, dealStatus: 0 });
  },
};

/** What the server is asked: "every status" is no status filter. */
export function toListQuery(view: WarningListView): WarningListQuery {
  const { dealStatus, ...rest } = view;
  return dealStatus === ALL_STATUSES ? rest : { ...rest, dealStatus };
}

/** The form shows "every status" as an empty 处理状态. */
export const viewToForm = (view: WarningListView): WarningFilterValues => filtersFromQuery(toListQuery(view));

/** A search from the form; an empty 处理状态 is said out loud, so the address keeps the whole list. A new search keeps the sort. */
export function formToView(values: WarningFilterValues, current: WarningListView): Partial<Omit<WarningListView, 'pageNumber' | 'pageSize'>> {
  return { ...filtersToQuery(values), dealStatus: values.dealStatus ?? ALL_STATUSES, sortField: current.sortField, sortOrder: current.sortOrder };
}
