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

  it('counts a high ceiling exactly, says when a failure blocks, and forgets a failure between 0.9 and 1 window after it', () => {
    let now = 0;
    const limiter = createAttemptLimiter({ maxFailures: 300, windowMs: 10_000, now: () => now });
    for (let i = 0; i < 299; i++) expect(limiter.fail('10.0.0.1')).toBe(false);
    now = 1_500;
    expect(limiter.blocked('10.0.0.1')).toBe(false);
    expect(limiter.fail('10.0.0.1')).toBe(true);
    now = 9_999;
    expect(limiter.blocked('10.0.0.1')).toBe(true);
    // The 299 of the first tenth are forgotten as the eleventh begins; the one of the second tenth with the twelfth.
    now = 10_000;
    expect(limiter.blocked('10.0.0.1')).toBe(false);
    expect(limiter.fail('10.0.0.2')).toBe(false);
    expect(limiter.size).toBe(2);
    now = 11_000;
    expect(limiter.blocked('10.0.0.1')).toBe(false);
    expect(limiter.size).toBe(1);
  });

  it('forgets a key on demand', () => {
    const limiter = createAttemptLimiter({ maxFailures: 1, windowMs: 60_000 });
    expect(limiter.fail('10.0.0.1|013800000001')).toBe(true);
    limiter.clear('10.0.0.1|013800000001');
    expect(limiter.blocked('10.0.0.1|013800000001')).toBe(false);
  });

  it('forgets the stalest keys beyond its size, so a stranger cycling addresses cannot grow it', () => {
    const limiter = createAttemptLimiter({ maxFailures: 2, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.fail(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(100);
  });
});
