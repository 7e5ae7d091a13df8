import { HOME_PATH } from './guard';

/** The console opens on the home for its own path and for the bare root, which redirects there. */
export const opensHome = (path: string): boolean => path === HOME_PATH || path === '/';

const quietly = (load: Promise<unknown>) => void load.catch(() => undefined);

/**
 * Starts the signed-in code on its way while the sign-in is still answered: the guard, the page
 * matcher, the shell and, when the user lands there, the home page. The routes' own lazy imports then
 * find these modules loaded; a failed fetch here is asked again (and reported) by the route itself.
 */
export function preloadSignedIn(landing: string): void {
  quietly(import('./AuthGuard'));
  quietly(import('./MenuRouteView'));
  quietly(import('../layout/AppLayout'));
  if (opensHome(landing)) quietly(import('../../features/home/HomePage'));
}
