import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';

describe('the failed-attempt limiter', () => {
  it('blocks a key after its failures within the window, and lets it go once they age out', () => {
    let now = 0;
    const limiter = createAttemptLimiter({ maxFailures: 3, windowMs: 1000, now: () => now });
    limiter.fail('10.0.0.1');
    limiter.fail('10.0.0.1');
    expect(limiter.blocked('10.0.0.1')).toBe(false);
    limiter.fail('10.0.0.1');
    expect(limiter.blocked('10.0.0.1')).toBe(true);
    expect(limiter.blocked('10.0.0.2')).toBe(false);
    now = 1000;
    expect(limiter.blocked('10.0.0.1')).toBe(false);
  });

  it('forgets the stalest keys beyond its size, so a stranger cycling addresses cannot grow it', () => {
    const limiter = createAttemptLimiter({ maxFailures: 2, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.fail(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(100);
  });
});
