import { QueryClient } from '@tanstack/react-query';

/**
 * The HTTP client already tells the user about every failure, so a retry would only repeat the
 * toast; focus refetches are off because staff compare figures across windows.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
