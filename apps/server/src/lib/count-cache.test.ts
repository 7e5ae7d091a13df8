import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.js';

function counter(start = 10) {
  let n = start;
  let calls = 0;
  return { count: async () => (calls++, n), set: (v: number) => (n = v), calls: () => calls };
}

describe('the warning list total cache', () => {
  it('reuses a total within its time, and counts again after it', async () => {
    let t = 0;
    const cache = createCountCache({ ttlMs: 5000, now: () => t });
    const c = counter();
    expect(await cache.get('k', c.count)).toBe(10);
    c.set(11);
    t = 4999;
    expect(await cache.get('k', c.count)).toBe(10);
    t = 5000;
    expect(await cache.get('k', c.count)).toBe(11);
    expect(c.calls()).toBe(2);
  });

  it('keeps one total per key', async () => {
    const cache = createCountCache();
    expect(await cache.get('a', async () => 1)).toBe(1);
    expect(await cache.get('b', async () => 2)).toBe(2);
    expect(await cache.get('a', async () => 3)).toBe(1);
  });

  it('drops every total when warnings change', async () => {
    const cache = createCountCache();
    const c = counter();
    await cache.get('k', c.count);
    c.set(9);
    cache.invalidate();
    expect(await cache.get('k', c.count)).toBe(9);
  });

  it('shares one count among concurrent callers', async () => {
    const cache = createCountCache();
    const c = counter();
    const all = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', c.count)));
    expect(all.every((n) => n === 10)).toBe(true);
    expect(c.calls()).toBe(1);
  });

  it('does not keep a count that began before a change', async () => {
    const cache = createCountCache();
    let release!: (n: number) => void;
    const slow = cache.get('k', () => new Promise<number>((r) => (release = r)));
    cache.invalidate();
    release(10);
    expect(await slow).toBe(10);
    expect(await cache.get('k', async () => 9)).toBe(9);
  });

  it('fails the callers of a failed count, and counts again next time', async () => {
    const cache = createCountCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});
