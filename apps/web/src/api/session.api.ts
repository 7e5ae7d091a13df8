import { MenuCalls, SessionCalls, type LoginData, type LoginRequest, type RouteItem, type UserInfo } from '@cvrisk/contracts';
import { call } from './call';
import { loadPublicKey } from './publicKey';

/**
 * Asks for the encryption setting while the login page is open, so the sign-in click sends the
 * password at once. A failure here is not shown: the sign-in asks again and reports it on the form.
 */
export function prepareLogin(): void {
  loadPublicKey().catch(() => undefined);
}

/** Errors are shown on the login form, so the call itself stays silent. */
export async function login(body: LoginRequest): Promise<LoginData> {
  await loadPublicKey();
  return call(SessionCalls.login, { body }, { silent: true });
}

export function fetchUserInfo(token: string, signal?: AbortSignal): Promise<UserInfo> {
  return call(SessionCalls.userInfo, { body: { token } }, { signal });
}

export function fetchMenu(signal?: AbortSignal): Promise<RouteItem[]> {
  return call(MenuCalls.navigate, undefined, { signal });
}

/** Signing out must finish locally even when the server cannot be reached. */
export async function logout(): Promise<void> {
  await call(SessionCalls.logout, undefined, { silent: true }).catch(() => undefined);
}
