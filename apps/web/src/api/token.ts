import { TOKEN_NAME } from '@cvrisk/contracts';

/** The session token lives in localStorage under the configured token name (console-spec §9). */
const listeners = new Set<() => void>();

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_NAME);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_NAME, token);
  listeners.forEach((l) => l());
}

export function removeToken(): void {
  localStorage.removeItem(TOKEN_NAME);
  listeners.forEach((l) => l());
}

/** Same-tab changes; the `storage` event covers the other tabs. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type StorageChange = Pick<StorageEvent, 'key' | 'oldValue' | 'newValue'>;

/** Another tab signed in, out, or as someone else: this tab's session and menu are stale. */
export function shouldReloadOnStorage(e: StorageChange): boolean {
  if (e.key === null) return true; // localStorage.clear() in another tab
  return e.key === TOKEN_NAME && e.oldValue !== e.newValue;
}

export function watchTokenAcrossTabs(reload: () => void = () => window.location.reload()): () => void {
  const onStorage = (e: StorageEvent) => {
    if (shouldReloadOnStorage(e)) reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
