import type { UserInfo } from '@cvrisk/contracts';

/** console-spec §3: the current user is kept locally with the real name. */
const USER_KEY = 'cvrisk.currentUser';

type StoredUser = Pick<UserInfo, 'username' | 'realname' | 'avatar'>;

export function saveCurrentUser(user: StoredUser): void {
  const { username, realname, avatar } = user;
  localStorage.setItem(USER_KEY, JSON.stringify({ username, realname, avatar }));
}

export function clearCurrentUser(): void {
  localStorage.removeItem(USER_KEY);
}
