import { MutationCache, QueryClient, type Query } from '@tanstack/react-query';

/**
 * Data a change may have moved: everything but what is marked never stale (reference data that
 * changes only with a release, immutable files and history, the live map fed by its own stream).
 */
// The observers' options (staleTime among them) are kept on the query, though its type does not say so.
const changeable = (query: Query) => (query.options as { staleTime?: unknown }).staleTime !== Infinity;

/**
 * After any change the console made (a new user, a handled warning, an imported device), every list
 * and figure that may show it is refetched if on screen and marked stale otherwise: a change made on
 * one screen is on every other without F5, whatever the screen that made it knew about the others.
 */
export function refreshAfterChange(client: QueryClient): Promise<void> {
  // A fetch already under way is restarted: it may have been answered from before the change.
  return client.invalidateQueries({ predicate: changeable });
}

/**
 * The HTTP client already tells the user about every failure, so a retry would only repeat the
 * toast. Focus refetches are off by default because staff compare figures across windows; the lists
 * turn them on for themselves (`freshList`).
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({
    // Not awaited: the screen's own follow-up (closing its dialog) need not wait for other lists.
    onSuccess: () => void refreshAfterChange(queryClient),
  }),
});

/**
 * A list's rows are never trusted from memory: opening its tab again, or coming back to the browser
 * window, asks the server again while the rows already shown stay until the answer replaces them.
 */
export const freshList = { staleTime: 0, refetchOnWindowFocus: true } as const;
