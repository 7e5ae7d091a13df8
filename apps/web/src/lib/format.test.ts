import { describe, expect, it } from 'vitest';
import { formatBytes, formatSeconds, orDash, percent } from './format';

describe('format', () => {
  it('shows a dash for missing values but keeps zero', () => {
    expect(orDash(null)).toBe('-');
    expect(orDash('')).toBe('-');
    expect(orDash(0)).toBe('0');
  });
  it('formats sizes and shares', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(5, 0)).toBe(0);
  });

  it('writes durations in days, hours, minutes and seconds without zero parts', () => {
    expect(formatSeconds(90, 'zh')).toBe('1分30秒');
    expect(formatSeconds(3600, 'zh')).toBe('1小时');
    expect(formatSeconds(86400 + 7200, 'en')).toBe('1d 2h');
    expect(formatSeconds(0, 'en')).toBe('0s');
  });
});
