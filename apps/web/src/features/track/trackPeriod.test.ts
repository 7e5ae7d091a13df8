import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { periodProblem, presetOf, presetPeriod } from './trackPeriod';

const now = dayjs('2026-11-22 15:30:12');

describe('period presets', () => {
  it('today, yesterday and the last 7 days are whole days ending with today or yesterday', () => {
    expect(presetPeriod('today', now)).toEqual({ startTime: '2026-11-22 00:00:00', endTime: '2026-11-22 23:59:59' });
    expect(presetPeriod('yesterday', now)).toEqual({ startTime: '2026-11-21 00:00:00', endTime: '2026-11-21 23:59:59' });
    expect(presetPeriod('last7d', now)).toEqual({ startTime: '2026-11-16 00:00:00', endTime: '2026-11-22 23:59:59' });
  });

  it('crosses month boundaries', () => {
    expect(presetPeriod('last7d', dayjs('2026-03-02 08:00:00'))).toEqual({ startTime: '2026-02-24 00:00:00', endTime: '2026-03-02 23:59:59' });
  });

  it('recognises a preset period and calls anything else custom', () => {
    expect(presetOf(presetPeriod('last7d', now), now)).toBe('last7d');
    expect(presetOf({ startTime: '2026-11-22 08:00:00', endTime: '2026-11-22 23:59:59' }, now)).toBeNull();
  });
});

describe('periodProblem', () => {
  it('accepts up to 31 days and refuses longer or backwards periods', () => {
    const start = dayjs('2026-10-01 00:00:00');
    expect(periodProblem(start, start.add(31, 'day'))).toBeNull();
    expect(periodProblem(start, start.add(31, 'day').add(1, 'second'))).toBe('tooLong');
    expect(periodProblem(start, start)).toBe('order');
    expect(periodProblem(start, start.subtract(1, 'hour'))).toBe('order');
  });
});
