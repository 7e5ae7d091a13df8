import type { UserInfo } from '@cvrisk/contracts';
import { createContext, use } from 'react';
import type { Menu } from '../router/menu';

export type Session = { user: UserInfo; menu: Menu };

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const ctx = use(SessionContext);
  if (!ctx) throw new Error('useSession outside the signed-in area');
  return ctx;
}
