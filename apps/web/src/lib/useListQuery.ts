import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listQuerySearch, parseListQuery, type QuerySchema } from './listQuery';

type Paged = { pageNumber: number; pageSize: number };

const sorted = (params: URLSearchParams) => new URLSearchParams([...params].sort(([a], [b]) => a.localeCompare(b))).toString();

/**
 * A list screen's filters and paging, held in the address bar (a link reproduces the screen and
 * the back button undoes a search). Each search pushes a history entry.
 */
export function useListQuery<T extends Paged>(schema: QuerySchema<T>) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(schema, params), [schema, params]);

  /**
   * Answers whether the address changed. When it did not (查询 pressed again on the same filters),
   * the caller asks the server again itself: the rows may have changed since.
   */
  const search = (filters: Partial<Omit<T, keyof Paged>>): boolean => {
    const next = listQuerySearch({ ...filters, pageNumber: 1, pageSize: query.pageSize });
    // As written, not as parsed: choosing a filter's default (处理状态 未处理) still writes it down.
    if (sorted(next) === sorted(params)) return false;
    setParams(next);
    return true;
  };

  const page = (pageNumber: number, pageSize: number) =>
    setParams(listQuerySearch({ ...query, pageNumber: pageSize === query.pageSize ? pageNumber : 1, pageSize }));

  return { query, search, page };
}
