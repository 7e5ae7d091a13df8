import { AlarmListQuery } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { parseListQuery } from '../../lib/listQuery';
import { alarmColumns, filtersFromQuery, filtersToQuery, wholeMinutes } from './alarmFields';

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

  it('round-trips every filter through the address bar', () => {
    const params = 'alarmType=8&deviceNumber=8652&plateNumber=浙A1&state=open&deptId=4&beginDate=2026-11-20 08:00:00&endDate=2026-11-21 18:30:15';
    const q = parseListQuery(AlarmListQuery, new URLSearchParams(params));
    const { pageNumber: _page, pageSize: _size, ...filters } = q;
    expect(Object.keys(filters)).toHaveLength(7);
    expect(filtersToQuery(filtersFromQuery(q))).toEqual(filters);
  });
});

describe('device alarm columns', () => {
  it('keep their order and their headers', () => {
    const t = makeTranslate('zh');
    expect(alarmColumns(t).map((c) => [c.key, c.title, c.width])).toEqual([
      ['deviceNumber', t('riskAdmin.deviceNumber'), 150], ['deviceKind', t('riskAdmin.deviceKind'), 90],
      ['alarmTypeName', '报警类型', 150], ['state', t('riskAdmin.state'), 90], ['startTime', t('riskAdmin.startTime'), 165],
      ['endTime', t('riskAdmin.endTime'), 165], ['durationMs', t('riskAdmin.duration'), 130], ['plateNumber', t('riskAdmin.plateNumber'), 100],
      ['customerName', '客户', 96], ['deptName', '经销商', 170], ['address', t('riskAdmin.address'), 180],
      ['coordinates', t('riskAdmin.coordinates'), 170],
    ]);
    expect(alarmColumns(t)[0]).toMatchObject({ fixed: 'left', locked: true });
  });

  it('show durations to the minute, seconds only under a minute', () => {
    expect(wholeMinutes(((24 + 8) * 60 + 10) * 60_000 + 50_000)).toBe(((24 + 8) * 60 + 10) * 60);
    expect(wholeMinutes(42_000)).toBe(42);
  });
});
