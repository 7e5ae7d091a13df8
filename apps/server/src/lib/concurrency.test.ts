import { describe, expect, it } from 'vitest';
import { createConcurrencyGate, QueueFull } from './concurrency.js';

describe('the concurrency gate', () => {
  it('runs at most its limit at once, queues the next ones, and refuses past the queue', async () => {
    const gate = createConcurrencyGate(2, 3);
    let active = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const task = () =>
      new Promise<string>((resolve) => {
        active += 1;
        most = Math.max(most, active);
        release.push(() => {
          active -= 1;
          resolve('done');
        });
      });
    const runs = Array.from({ length: 7 }, () => gate.run(task).catch((e: unknown) => e));
    const settled = await Promise.all(runs.slice(5));
    expect(settled.every((e) => e instanceof QueueFull)).toBe(true);
    while (release.length || active) {
      await new Promise((r) => setTimeout(r, 0));
      release.shift()?.();
    }
    expect(await Promise.all(runs.slice(0, 5))).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(most).toBe(2);
  });
});
