import type { RouteItem, UserInfo } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { fetchMenu, fetchUserInfo } from '../../api/session.api';

export type SessionData = { user: UserInfo; routes: RouteItem[] };

/** Who is signed in and what they may open; keyed by token so a new sign-in never sees the old menu. */
export function sessionQuery(token: string) {
  return queryOptions({
    queryKey: ['session', token],
    queryFn: async ({ signal }): Promise<SessionData> => {
      const [user, routes] = await Promise.all([fetchUserInfo(token, signal), fetchMenu(signal)]);
      return { user, routes };
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
