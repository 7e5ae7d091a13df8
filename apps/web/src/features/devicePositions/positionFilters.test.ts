import { DevLatestQuery } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../lib/listQuery';
import { filtersFromQuery, filtersToQuery } from './positionFilters';

describe('device position filters', () => {
  it('turns form values into the API query: trimmed texts, VIN upper-cased, last report to the second', () => {
    expect(
      filtersToQuery({
        deviceNumber: ' 1380000 ',
        state: 'moving',
        carFrameNumber: 'lsvap',
        customerName: ' ',
        lastTime: [dayjs('2026-03-01 08:30:00'), dayjs('2026-03-01 09:15:59')],
      }),
    ).toEqual({
      deviceNumber: '1380000',
      deviceKind: undefined,
      state: 'moving',
      deptId: undefined,
      carFrameNumber: 'LSVAP',
      customerName: undefined,
      lastTimeStart: '2026-03-01 08:30:00',
      lastTimeEnd: '2026-03-01 09:15:59',
    });
  });

  it('fills the form back from the address bar and round-trips', () => {
    const q = parseListQuery(DevLatestQuery, new URLSearchParams('deviceKind=2&lastTimeStart=2026-03-01 08:30:00&lastTimeEnd=2026-03-01 09:15:59'));
    const v = filtersFromQuery(q);
    expect(v.deviceKind).toBe(2);
    expect(v.lastTime!.map((d) => d.format('YYYY-MM-DD HH:mm:ss'))).toEqual(['2026-03-01 08:30:00', '2026-03-01 09:15:59']);
    expect(filtersToQuery(v)).toMatchObject({ deviceKind: 2, lastTimeStart: '2026-03-01 08:30:00', lastTimeEnd: '2026-03-01 09:15:59' });
  });
});
