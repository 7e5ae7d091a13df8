import { AlarmListQuery } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filtersFromQuery, filtersToQuery } from './alarmFilters';

describe('device alarm filters', () => {
  it('turns the form into the call’s filters: trimmed, plate upper-cased, range to the second', () => {
    expect(
      filtersToQuery({
        alarmType: 8,
        deviceNumber: ' 8652 ',
        plateNumber: ' 浙a1 ',
        state: 'open',
        alarmTime: [dayjs('2026-11-20 08:00:00'), dayjs('2026-11-21 18:30:15')],
      }),
    ).toEqual({ alarmType: 8, deviceNumber: '8652', plateNumber: '浙A1', deptId: undefined, state: 'open', beginDate: '2026-11-20 08:00:00', endDate: '2026-11-21 18:30:15' });
    expect(filtersToQuery({ deviceNumber: '  ' })).toMatchObject({ deviceNumber: undefined, beginDate: undefined, endDate: undefined });
  });

  it('refills the form from the address bar', () => {
    const q = AlarmListQuery.parse({ alarmType: '100', state: 'closed', beginDate: '2026-11-20 08:00:00', endDate: '2026-11-21 18:30:15' });
    const v = filtersFromQuery(q);
    expect(v).toMatchObject({ alarmType: 100, state: 'closed' });
    expect(v.alarmTime?.map((d) => d.format('YYYY-MM-DD HH:mm:ss'))).toEqual(['2026-11-20 08:00:00', '2026-11-21 18:30:15']);
    expect(filtersToQuery(v)).toMatchObject({ alarmType: 100, state: 'closed', beginDate: '2026-11-20 08:00:00', endDate: '2026-11-21 18:30:15' });
  });
});
