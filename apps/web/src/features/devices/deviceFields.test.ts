import { DevListQuery } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../lib/listQuery';
import { makeTranslate } from '../../lib/i18n/translate';
import { deviceColumns, filtersFromQuery, filtersToQuery } from './deviceFields';

describe('device filters', () => {
  it('turns form values into the API query: trimmed texts, VIN upper-cased, day range as times', () => {
    expect(
      filtersToQuery({
        deviceNumber: '  860123 ',
        deviceKind: 2,
        state: 'never',
        customerName: '',
        carFrameNumber: 'lsvab',
        installTime: [dayjs('2026-01-05'), dayjs('2026-01-31')],
      }),
    ).toEqual({
      deviceNumber: '860123',
      deviceKind: 2,
      state: 'never',
      deptId: undefined,
      carFrameNumber: 'LSVAB',
      customerName: undefined,
      installTimeStart: '2026-01-05 00:00:00',
      installTimeEnd: '2026-01-31 23:59:59',
    });
  });

  it('fills the form back from the address bar', () => {
    const q = parseListQuery(DevListQuery, new URLSearchParams('state=offline&installTimeStart=2026-01-05 00:00:00&installTimeEnd=2026-01-31 23:59:59'));
    const v = filtersFromQuery(q);
    expect(v.state).toBe('offline');
    expect(v.installTime!.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-01-05', '2026-01-31']);
    expect(filtersToQuery(v)).toMatchObject({ installTimeStart: '2026-01-05 00:00:00', installTimeEnd: '2026-01-31 23:59:59' });
  });

  it('shows the columns in their order, headed by their own words, 操作 only for device:reset', () => {
    const t = makeTranslate('zh');
    const columns = deviceColumns(t, 'devices');
    expect(columns.map((c) => c.key)).toEqual([
      'deviceNumber', 'deviceKind', 'model', 'iccid', 'state', 'deptName', 'financeName', 'carFrameNumber', 'plateNumber',
      'customerName', 'installTime', 'lastTime', 'heardTime', 'registeredAt', 'invalidPositions', 'action',
    ]);
    expect(columns.find((c) => c.key === 'deviceKind')?.title).toBe(t('device.kindColumn'));
    expect(deviceColumns(t).some((c) => c.key === 'action')).toBe(false);
  });
});
