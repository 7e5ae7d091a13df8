import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listQuerySearch, parseListQuery, type QuerySchema } from './listQuery';

type Paged = { pageNumber: number; pageSize: number };

/**
 * A list screen's filters and paging, held in the address bar (a link reproduces the screen and
 * the back button undoes a search). Each search pushes a history entry.
 */
export function useListQuery<T extends Paged>(schema: QuerySchema<T>) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(schema, params), [schema, params]);

  const search = (filters: Partial<Omit<T, keyof Paged>>) =>
    setParams(listQuerySearch({ ...filters, pageNumber: 1, pageSize: query.pageSize }));

  const page = (pageNumber: number, pageSize: number) =>
    setParams(listQuerySearch({ ...query, pageNumber: pageSize === query.pageSize ? pageNumber : 1, pageSize }));

  return { query, search, page };
}
