import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { I18nProvider } from '../lib/i18n/I18nProvider';

/** Mounts routes the way the console does (i18n, antd App, a fresh query cache) at the given entry. */
export function renderRoutes(
  routes: RouteObject[],
  entry: string,
  wrap: (node: ReactNode) => ReactNode = (n) => n,
  // The console's own client, for what its defaults do (refreshing after a change).
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = render(
    <I18nProvider>
      <AntdApp>
        <QueryClientProvider client={queryClient}>{wrap(<RouterProvider router={router} />)}</QueryClientProvider>
      </AntdApp>
    </I18nProvider>,
  );
  return { ...view, router, queryClient };
}

export const jsonReply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
