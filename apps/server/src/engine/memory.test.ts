import { describe, expect, it } from 'vitest';
import { HANGZHOU, HOUR, MIN, offset, T0 } from '../test/engine-tracks.js';
import { emptyMemory, parseMemory, remember, sample, serialiseMemory } from './memory.js';

describe('device memory', () => {
  it('files one sample per night (its last fix before 05:00) and per working day, and says when a night has closed', () => {
    const m = emptyMemory();
    // T0 is Monday 10:00 local.
    const closed = [
      sample(m, { t: T0, ...HANGZHOU }),
      sample(m, { t: T0 + 3 * HOUR, ...offset(HANGZHOU, 500, 0) }),
      sample(m, { t: T0 + 12 * HOUR, ...HANGZHOU }),
      sample(m, { t: T0 + 16 * HOUR + 30 * MIN, ...offset(HANGZHOU, 30, 0) }),
      sample(m, { t: T0 + 20 * HOUR, ...HANGZHOU }),
    ];
    expect(closed).toEqual([false, false, false, false, true]);
    expect(m.nights).toEqual([{ night: expect.any(Number), t: T0 + 16 * HOUR + 30 * MIN, ...offset(HANGZHOU, 30, 0) }]);
    expect(m.days).toEqual([{ day: expect.any(Number), t: T0 + 3 * HOUR, ...offset(HANGZHOU, 500, 0) }]);
  });

  it('stores everything but the tracker fixes kept for separation', () => {
    const m = emptyMemory();
    m.lowBatterySince = T0;
    remember(m, { t: T0, ...HANGZHOU });
    const back = parseMemory(serialiseMemory(m));
    expect(back.lowBatterySince).toBe(T0);
    expect(back.recent).toBeUndefined();
  });
});
