import { DevLatestQuery } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { parseListQuery } from '../../lib/listQuery';
import { filtersFromQuery, filtersToQuery, positionColumns } from './positionFields';

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

  it('round-trips every filter through the address bar', () => {
    const params = 'deviceNumber=1380&deviceKind=1&state=offline&deptId=4&lastTimeStart=2026-03-01 08:30:00&lastTimeEnd=2026-03-01 09:15:59&carFrameNumber=LSVAP&customerName=王';
    const q = parseListQuery(DevLatestQuery, new URLSearchParams(params));
    const { pageNumber: _page, pageSize: _size, ...filters } = q;
    expect(Object.keys(filters)).toHaveLength(8);
    expect(filtersToQuery(filtersFromQuery(q))).toEqual(filters);
  });
});

describe('device position columns', () => {
  it('keep their order and their headers, 操作 only for device:command', () => {
    const t = makeTranslate('zh');
    expect(positionColumns(t, () => {}).map((c) => [c.key, c.title, c.width])).toEqual([
      ['deviceNumber', t('device.deviceNumber'), 150], ['deviceKind', t('device.kindColumn'), 70], ['state', t('device.state'), 84],
      ['speed', t('position.speed'), 112], ['plateNumber', t('device.plateNumber'), 100], ['customerName', t('device.customer'), 90],
      ['deptName', t('device.dealer'), 160], ['lastTime', t('position.fixTime'), 165], ['address', '地址', 220],
      ['position', t('position.location'), 190], ['direction', t('position.direction'), 96], ['acc', t('position.acc'), 66], ['battery', t('position.battery'), 100],
      ['signal', t('position.signal'), 76], ['satellites', t('position.satellites'), 92],
      ['invalidPositions', t('terminal.invalidPositions'), 96], ['action', t('common.action'), 92],
    ]);
    expect(positionColumns(t).some((c) => c.key === 'action')).toBe(false);
  });
});
