import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

describe('createThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and collapses a burst into one run at the end of the interval', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, () => 1000);
    throttle.schedule();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(10);
      throttle.schedule();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('stretches the interval when the work gets expensive', () => {
    const run = vi.fn();
    let interval = 1000;
    const throttle = createThrottle(run, () => interval);
    throttle.schedule();
    interval = 3000;
    throttle.schedule();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops a pending run when cancelled', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, () => 1000);
    throttle.schedule();
    throttle.schedule();
    throttle.cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
