import type { LoginData, LoginRequest, RouteItem, UserInfo } from '@cvrisk/contracts';
import { getData, request } from './http';
import { LOGIN_URL, loadPublicKey } from './publicKey';

/** Errors are shown on the login form, so the call itself stays silent. */
export async function login(body: LoginRequest): Promise<LoginData> {
  await loadPublicKey();
  return getData<LoginData>(LOGIN_URL, { method: 'POST', data: body, silent: true });
}

export function fetchUserInfo(token: string, signal?: AbortSignal): Promise<UserInfo> {
  return getData<UserInfo>('/userInfo', { method: 'POST', data: { token }, signal });
}

export function fetchMenu(signal?: AbortSignal): Promise<RouteItem[]> {
  return getData<RouteItem[]>('/menu/navigate', { method: 'POST', signal });
}

/** Signing out must finish locally even when the server cannot be reached. */
export async function logout(): Promise<void> {
  await request('/api/logout', { silent: true }).catch(() => undefined);
}
