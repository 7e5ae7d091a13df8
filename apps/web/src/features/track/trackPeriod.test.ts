import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { today, tooLong, wholeDays } from './trackPeriod';

describe('replay periods', () => {
  it('are whole days, from the first day at midnight to the last one at 23:59:59', () => {
    expect(wholeDays(dayjs('2026-11-16 15:30:12'), dayjs('2026-11-22 08:00:00'))).toEqual({ startTime: '2026-11-16 00:00:00', endTime: '2026-11-22 23:59:59' });
    expect(wholeDays(dayjs('2026-02-24'), dayjs('2026-03-02'))).toEqual({ startTime: '2026-02-24 00:00:00', endTime: '2026-03-02 23:59:59' });
  });

  it('today is the whole of the current day', () => {
    expect(today(dayjs('2026-11-22 15:30:12'))).toEqual({ startTime: '2026-11-22 00:00:00', endTime: '2026-11-22 23:59:59' });
  });
});

describe('tooLong', () => {
  it('accepts up to 31 days, so every month can be replayed whole (本月, 上月), and refuses longer', () => {
    expect(tooLong(wholeDays(dayjs('2027-01-01'), dayjs('2027-01-31')))).toBe(false);
    expect(tooLong({ startTime: '2026-10-01 00:00:00', endTime: '2026-11-01 00:00:00' })).toBe(false);
    expect(tooLong({ startTime: '2026-10-01 00:00:00', endTime: '2026-11-01 00:00:01' })).toBe(true);
  });
});
