import { CatalogCalls, DeptCalls } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Reference lists change rarely; keep them for the session instead of refetching per screen. */
const REFERENCE_STALE_MS = 10 * 60_000;

/** The department subtree of a user (console-spec §7: with userid); the server checks it is in the caller's scope. */
export function deptTreeQuery(userId: number) {
  return queryOptions({
    queryKey: ['dept', 'tree', userId],
    queryFn: ({ signal }) => call(DeptCalls.tree, { query: { userid: userId } }, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** console-spec §9: brands come in one page of 1000. */
export function carBrandsQuery() {
  return queryOptions({
    queryKey: ['carBrand', 'all'],
    queryFn: async ({ signal }) => (await call(CatalogCalls.brands, { query: { pageSize: 1000, pageNumber: 1 } }, { signal })).list,
    staleTime: REFERENCE_STALE_MS,
  });
}

/**
 * The product list (console-spec §6, §7: getAllProductsList, the same list as allProducts), loaded once a
 * token exists and read by the dispatch dialogs' product picker. Prefetched in the background, so it
 * never toasts or redirects on its own.
 */
export function productsQuery() {
  return queryOptions({
    queryKey: ['products', 'all'],
    queryFn: ({ signal }) => call(CatalogCalls.productsList, undefined, { signal, silent: true }),
    staleTime: REFERENCE_STALE_MS,
  });
}
