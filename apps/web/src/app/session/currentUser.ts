import type { UserInfo } from '@cvrisk/contracts';

/** console-spec §3: the current user is kept locally with the real name. */
const USER_KEY = 'cvrisk.currentUser';

export type StoredUser = Pick<UserInfo, 'username' | 'realname' | 'avatar'>;

export function saveCurrentUser(user: StoredUser): void {
  const { username, realname, avatar } = user;
  localStorage.setItem(USER_KEY, JSON.stringify({ username, realname, avatar }));
}

export function loadCurrentUser(): StoredUser | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredUser).realname === 'string') return parsed as StoredUser;
  } catch {
    // A hand-edited or foreign value: treat as absent.
  }
  return null;
}

export function clearCurrentUser(): void {
  localStorage.removeItem(USER_KEY);
}
