import { OrderListQuery, OrderStates, type OrderState, type OrderType } from '@cvrisk/contracts';
import { text, timeRangeToTimes, timesToTimeRange, type TimeRange } from '../../lib/filterValues';
import type { QuerySchema } from '../../lib/listQuery';

/** The list as the address bar holds it: the filters, the state tab, or `view=abnormal` for the abnormal installs. */
export type OrderListView = OrderListQuery & { view?: 'abnormal' };

type Filters = Omit<OrderListView, 'pageNumber' | 'pageSize'>;

export const OrderListViewSchema: QuerySchema<OrderListView> = {
  safeParse(value) {
    const parsed = OrderListQuery.safeParse(value);
    if (!parsed.success || (value as { view?: unknown }).view !== 'abnormal') return parsed;
    // The abnormal list is its own tab: a state tab does not narrow it.
    return { success: true, data: { ...parsed.data, state: undefined, view: 'abnormal' } };
  },
};

/** A tab: every state, one state, or the abnormal installs. */
export type OrderTab = 'all' | `${OrderState}` | 'abnormal';

export function tabOf(view: OrderListView): OrderTab {
  if (view.view === 'abnormal') return 'abnormal';
  return view.state === undefined ? 'all' : `${view.state}`;
}

/** The same filters under another tab, from its first page. */
export function withTab(view: OrderListView, tab: OrderTab): Filters {
  const { pageNumber: _page, pageSize: _size, state: _state, view: _view, ...filters } = view;
  if (tab === 'abnormal') return { ...filters, view: 'abnormal' };
  return { ...filters, state: OrderStates.find((s) => `${s}` === tab) };
}

export type OrderFilterValues = { keyword?: string; orderType?: OrderType; deptId?: number; created?: TimeRange };

export const filtersFromQuery = (q: OrderListView): OrderFilterValues => ({
  keyword: q.keyword,
  orderType: q.orderType,
  deptId: q.deptId,
  created: timesToTimeRange(q.createdStart, q.createdEnd),
});

/** A search keeps the tab it was made on. */
export function filtersToQuery(v: OrderFilterValues, current: OrderListView): Filters {
  const { start, end } = timeRangeToTimes(v.created);
  return { keyword: text(v.keyword), orderType: v.orderType, deptId: v.deptId, createdStart: start, createdEnd: end, state: current.state, view: current.view };
}
