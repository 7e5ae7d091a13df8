import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { HOME_PATH } from './guard';
import { lazyPage } from './lazyPage';

// Rendered only once signed in (AuthGuard's Suspense waits for it), so the login page never loads the shell.
const AppLayout = lazyPage(() => import('../layout/AppLayout'), 'AppLayout');
// The guard and the page matcher (with the session, menu and password-change code) are not the login page's either.
const guard = async () => ({ Component: (await import('./AuthGuard')).AuthGuard });
const menuPage = async () => ({ Component: (await import('./MenuRouteView')).MenuRouteView });

/**
 * Hash routing (console-spec §2). The signed-in pages are not listed here: they come from the
 * server's menu, so one catch-all matches them against the user's routes and 404s the rest.
 */
export const routes: RouteObject[] = [
  // Lazy like the pages: whoever opens the login page does not download the shell, and back.
  { path: '/login', lazy: async () => ({ Component: (await import('../../features/auth/LoginPage')).LoginPage }) },
  // On the white list of console-spec §6: says that accounts come from the administrator.
  { path: '/register', lazy: async () => ({ Component: (await import('../../features/auth/RegisterPage')).RegisterPage }) },
  // A field team's phone opens a recovery case's link without an account: beside the login page, outside the guard and the shell.
  { path: '/field/:token', lazy: async () => ({ Component: (await import('../../features/fieldLink/FieldLinkPage')).FieldLinkPage }) },
  { path: '/401', lazy: async () => ({ Component: (await import('../../features/errors/StatusPage')).ForbiddenPage }) },
  { path: '/404', lazy: async () => ({ Component: (await import('../../features/errors/StatusPage')).NotFoundPage }) },
  {
    path: '/',
    lazy: guard,
    children: [
      // The data board fills a wall screen: a menu page like the others, shown without the console's shell.
      { path: 'dashboard', lazy: menuPage },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          { path: '*', lazy: menuPage },
        ],
      },
    ],
  },
];

export const router = createHashRouter(routes);
