import { TOKEN_NAME } from '@cvrisk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { getToken, removeToken, setToken, shouldReloadOnStorage, subscribeToken, watchTokenAcrossTabs } from './token';

describe('token storage', () => {
  it('keeps the token in localStorage under accessToken and notifies this tab', () => {
    const seen = vi.fn();
    const off = subscribeToken(seen);
    setToken('abc');
    expect(localStorage.getItem('accessToken')).toBe('abc');
    expect(getToken()).toBe('abc');
    removeToken();
    expect(getToken()).toBeNull();
    expect(seen).toHaveBeenCalledTimes(2);
    off();
    setToken('x');
    expect(seen).toHaveBeenCalledTimes(2);
  });
});

describe('cross-tab reload', () => {
  it('reloads when another tab changes or removes the token', () => {
    expect(shouldReloadOnStorage({ key: TOKEN_NAME, oldValue: 'a', newValue: 'b' })).toBe(true);
    expect(shouldReloadOnStorage({ key: TOKEN_NAME, oldValue: 'a', newValue: null })).toBe(true);
    expect(shouldReloadOnStorage({ key: TOKEN_NAME, oldValue: null, newValue: 'a' })).toBe(true);
    expect(shouldReloadOnStorage({ key: null, oldValue: null, newValue: null })).toBe(true);
  });

  it('ignores other keys and unchanged values', () => {
    expect(shouldReloadOnStorage({ key: 'cvrisk.theme', oldValue: 'a', newValue: 'b' })).toBe(false);
    expect(shouldReloadOnStorage({ key: TOKEN_NAME, oldValue: 'a', newValue: 'a' })).toBe(false);
  });

  it('listens to storage events until stopped', () => {
    const reload = vi.fn();
    const stop = watchTokenAcrossTabs(reload);
    window.dispatchEvent(new StorageEvent('storage', { key: 'cvrisk.lang', oldValue: 'zh', newValue: 'en' }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_NAME, oldValue: 'a', newValue: null }));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_NAME, oldValue: null, newValue: 'b' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
