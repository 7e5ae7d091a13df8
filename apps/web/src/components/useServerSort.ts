import type { SorterResult } from 'antd/es/table/interface';
import type { QuerySchema } from '../lib/listQuery';
import { useListQuery } from '../lib/useListQuery';
import type { ListColumn } from './ListTable';

type Sorted = { pageNumber: number; pageSize: number; sortField?: string; sortOrder?: 'asc' | 'desc' };

/**
 * Server-side sorting kept in the address bar: the sortable columns get their header arrows and the
 * order the list was asked in, and a header click asks again from page 1 with the same filters.
 */
export function useServerSort<Q extends Sorted, T>(schema: QuerySchema<Q>, columns: ListColumn<T>[], sortable: Record<string, NonNullable<Q['sortField']>>) {
  const { query, search } = useListQuery(schema);
  const { pageNumber: _page, pageSize: _size, sortField, sortOrder, ...filters } = query;
  const sorted = columns.map((c) => {
    const key = sortable[c.key];
    if (!key) return c;
    return { ...c, sorter: true, sortOrder: sortField === key ? (sortOrder === 'asc' ? 'ascend' : 'descend') : null } as ListColumn<T>;
  });
  const onSort = (one: SorterResult<T>) => {
    const field = one.order ? sortable[String(one.columnKey)] : undefined;
    const order = one.order === 'ascend' ? 'asc' : one.order === 'descend' ? 'desc' : undefined;
    if (field === sortField && order === sortOrder) return;
    search({ ...filters, sortField: field, sortOrder: order } as Partial<Omit<Q, 'pageNumber' | 'pageSize'>>);
  };
  return { columns: sorted, onSort };
}
