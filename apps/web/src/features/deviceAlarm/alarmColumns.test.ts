import { describe, expect, it } from 'vitest';
import { wholeMinutes } from './alarmColumns';

describe('alarm durations', () => {
  it('are shown to the minute, seconds only under a minute', () => {
    expect(wholeMinutes(((24 + 8) * 60 + 10) * 60_000 + 50_000)).toBe(((24 + 8) * 60 + 10) * 60);
    expect(wholeMinutes(42_000)).toBe(42);
  });
});
