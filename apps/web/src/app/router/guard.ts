/** console-spec §6: pages that open without signing in. */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/register', '/404', '/401'];

export const HOME_PATH = '/index';

/** console-spec §9 "route recording": the login page learns where to come back to. */
export const RECORD_ROUTE = true;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

export function loginPathFor(pathname: string, search = ''): string {
  if (!RECORD_ROUTE || isPublicPath(pathname) || pathname === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Only in-console paths are followed, so a crafted link cannot send a user off-site after login. */
export function safeRedirect(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/login')) return HOME_PATH;
  return redirect;
}
