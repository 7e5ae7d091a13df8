import { describe, expect, it } from 'vitest';
import { fillDays, lastDays, thisWeek } from './home.windows.js';

// Monday 2026-11-23 01:00 in Shanghai is still Sunday 17:00 in UTC.
const NOW = Date.UTC(2026, 10, 22, 17, 0, 0);
const SHANGHAI_MIDNIGHT = Date.UTC(2026, 10, 22, 16, 0, 0);

describe('home windows', () => {
  it('starts today at Shanghai midnight, not UTC midnight', () => {
    expect(lastDays(NOW, 1)).toEqual({ from: SHANGHAI_MIDNIGHT, to: SHANGHAI_MIDNIGHT + 86_400_000 });
  });

  it('counts 7 days back including today', () => {
    expect(lastDays(NOW, 7).from).toBe(SHANGHAI_MIDNIGHT - 6 * 86_400_000);
  });

  it('starts the week on Monday in Shanghai, even when UTC is still on Sunday', () => {
    expect(thisWeek(NOW).from).toBe(SHANGHAI_MIDNIGHT);
    // The Sunday before: the week began six days earlier, on Monday 2026-11-16.
    expect(thisWeek(NOW - 2 * 3600_000).from).toBe(SHANGHAI_MIDNIGHT - 7 * 86_400_000);
  });
});

describe('fillDays', () => {
  it('gives every day of the window, oldest first, zero where nothing was raised', () => {
    const window = lastDays(NOW, 7);
    const today = Math.floor((NOW + 8 * 3600_000) / 86_400_000);
    const list = fillDays(window, [
      { day: today, level: 1, count: 2 },
      { day: today, level: 3, count: 1 },
      { day: today - 6, level: 2, count: 5 },
    ]);
    expect(list.map((d) => d.day)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    expect(list[0]).toEqual({ day: '2026-11-17', high: 0, medium: 5, low: 0 });
    expect(list[3]).toEqual({ day: '2026-11-20', high: 0, medium: 0, low: 0 });
    expect(list[6]).toEqual({ day: '2026-11-23', high: 2, medium: 0, low: 1 });
  });
});
