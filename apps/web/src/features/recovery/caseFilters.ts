import { CaseListQuery, CaseStates, type CaseState } from '@cvrisk/contracts';
import { text, timeRangeToTimes, timesToTimeRange, type TimeRange } from '../../lib/filterValues';
import type { QuerySchema } from '../../lib/listQuery';

/**
 * The list as the address bar holds it. `open=all` is written only for a recovery company's user, whose
 * list shows open cases when the address says nothing: it is how they ask for every case.
 */
export type CaseListView = Omit<CaseListQuery, 'open'> & { open?: boolean | 'all' };
type Filters = Omit<CaseListView, 'pageNumber' | 'pageSize'>;

/**
 * The address bar's schema. With `openByDefault` (a recovery company's user) a list without a state or
 * an open/closed choice shows the open cases: their work, not last year's.
 */
export function caseListSchema(openByDefault: boolean): QuerySchema<CaseListView> {
  return {
    safeParse(value) {
      const raw = value as Record<string, unknown>;
      const all = raw.open === 'all';
      const parsed = CaseListQuery.safeParse(all ? { ...raw, open: undefined } : raw);
      if (!parsed.success) return parsed;
      if (all) return { success: true, data: { ...parsed.data, open: openByDefault ? 'all' : undefined } };
      if (openByDefault && parsed.data.open === undefined && parsed.data.state === undefined) return { success: true, data: { ...parsed.data, open: true } };
      return parsed;
    },
  };
}

/** The list's body as the server reads it: open/closed travels as text, and `all` means no choice. */
export function caseListBody<V extends Partial<CaseListView>>({ open, ...rest }: V) {
  return { ...rest, open: open === undefined || open === 'all' ? undefined : (String(open) as 'true' | 'false') };
}

/** A tab: every state (under the open/closed choice), or one state. */
export type CaseTab = 'all' | CaseState;

export const tabOf = (view: CaseListView): CaseTab => view.state ?? 'all';

/**
 * The same filters under another tab, from its first page. A state decides open or closed itself, so
 * that choice is dropped (and 全部 then shows a recovery company's user their open cases again).
 */
export function withTab(view: CaseListView, tab: CaseTab): Filters {
  const { pageNumber: _page, pageSize: _size, state: _state, ...filters } = view;
  if (tab === 'all') return filters;
  return { ...filters, open: undefined, state: CaseStates.find((s) => s === tab) };
}

export type CaseFilterValues = { keyword?: string; deptId?: number; teamDeptId?: number; opened?: TimeRange; open?: 'true' | 'false' };

export const filtersFromQuery = (q: CaseListView): CaseFilterValues => ({
  keyword: q.keyword,
  deptId: q.deptId,
  teamDeptId: q.teamDeptId,
  opened: timesToTimeRange(q.openedStart, q.openedEnd),
  open: q.open === true ? 'true' : q.open === false ? 'false' : undefined,
});

/** A search keeps the tab it was made on; for a recovery company's user an empty open/closed choice means every case. */
export function filtersToQuery(v: CaseFilterValues, current: CaseListView, openByDefault: boolean): Filters {
  const { start, end } = timeRangeToTimes(v.opened);
  const open = v.open === undefined ? (openByDefault ? 'all' : undefined) : v.open === 'true';
  return { keyword: text(v.keyword), deptId: v.deptId, teamDeptId: v.teamDeptId, openedStart: start, openedEnd: end, open, state: current.state };
}
