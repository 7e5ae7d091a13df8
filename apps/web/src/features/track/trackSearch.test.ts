import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { searchFromParams, searchToParams } from './trackSearch';

const now = dayjs('2026-11-22 15:30:00');

describe('track search in the address bar', () => {
  it('replays today when a link brings only the device number', () => {
    expect(searchFromParams(new URLSearchParams('deviceNumber=%20861234567890123%20'), now)).toEqual({
      deviceNumber: '861234567890123', startTime: '2026-11-22 00:00:00', endTime: '2026-11-22 23:59:59',
    });
  });

  it('keeps a period given in the link, and round-trips through the address bar', () => {
    const search = { deviceNumber: '861', startTime: '2026-11-20 08:00:00', endTime: '2026-11-21 09:30:00' };
    expect(searchFromParams(new URLSearchParams(searchToParams(search)), now)).toEqual(search);
  });

  it('ignores a malformed period instead of failing', () => {
    expect(searchFromParams(new URLSearchParams('startTime=yesterday&endTime=2026-11-21 09:30:00'), now)).toEqual({
      deviceNumber: '', startTime: '2026-11-22 00:00:00', endTime: '2026-11-22 23:59:59',
    });
  });
});
