import { useLocation } from 'react-router';
import { useSession } from '../session/SessionContext';
import type { PageRoute } from './menu';

export function useCurrentPage(): PageRoute | undefined {
  const { menu } = useSession();
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return menu.pages.find((p) => p.path === path);
}
