import type { WhiteListQuery, WhiteListState } from '@cvrisk/contracts';
import { text } from '../../lib/filterValues';

export type WhiteListFilterValues = {
  customerName?: string;
  customerPhone?: string;
  deptId?: number;
  state?: WhiteListState;
};

export function filtersFromQuery(q: WhiteListQuery): WhiteListFilterValues {
  const { pageNumber: _page, pageSize: _size, ...filters } = q;
  return filters;
}

export function filtersToQuery(v: WhiteListFilterValues): Omit<WhiteListQuery, 'pageNumber' | 'pageSize'> {
  return { customerName: text(v.customerName), customerPhone: text(v.customerPhone), deptId: v.deptId, state: v.state };
}
