import type { QueryClient } from '@tanstack/react-query';
import { login, prepareLogin } from '../../api/session.api';
import { setToken } from '../../api/token';
import { opensHome, preloadSignedIn } from '../../app/router/preload';
import { saveCurrentUser } from '../../app/session/currentUser';
import { sessionQuery } from '../../app/session/session.queries';
import { prefetchHome } from '../home/homePrefetch';

export { prepareLogin };

/** What the login page needs from a sign-in: the signed-in user's names, or a thrown error. */
export type SignedIn = { realname?: string };

/**
 * The sign-in itself, kept out of the login page's first download (the contracts, the session and
 * home queries): the page loads this module once its form is on screen, long before the click.
 * Returns null when the reply carries no token.
 */
export async function signIn(queryClient: QueryClient, credentials: { username: string; password: string }, redirect: string): Promise<SignedIn | null> {
  const answer = login(credentials);
  // The console's code travels while the server checks the password, once the sign-in request has
  // gone out first (a browser opens only a few connections to one server).
  setTimeout(() => preloadSignedIn(redirect));
  const data = await answer;
  if (!data?.accessToken) return null;
  setToken(data.accessToken);
  const session = await queryClient.fetchQuery(sessionQuery(data.accessToken));
  // The home's figures are asked for now, not once the home page's code has arrived.
  if (opensHome(redirect) && !session.user.mustChangePassword) prefetchHome(queryClient, session.user.permissions);
  saveCurrentUser(session.user);
  return { realname: session.user.realname || data.entity?.realname };
}
