import { WarningListQuery } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { listQuerySearch, parseListQuery } from '../../lib/listQuery';
import { filtersFromQuery, filtersToQuery } from './warningFilters';

const fromUrl = (search: string) => parseListQuery(WarningListQuery, new URLSearchParams(search));
const times = (v: ReturnType<typeof filtersFromQuery>) => v.warningTime?.map((d) => d.format('YYYY-MM-DD HH:mm:ss'));

describe('risk-warning filters in the address bar', () => {
  it('opens with every console-spec §2 query filter applied', () => {
    const q = fromUrl('warningType=4&dealStatus=0&customerPhone=138&deviceNumber=8652&riskLevel=1&warningTime=2026-11-20 08:00:00,2026-11-21 18:30:15');
    expect(q).toMatchObject({ warningType: 4, dealStatus: 0, customerPhone: '138', deviceNumber: '8652', riskLevel: 1, pageNumber: 1 });
    const v = filtersFromQuery(q);
    expect(v).toMatchObject({ warningType: 4, dealStatus: 0, customerPhone: '138', deviceNumber: '8652', riskLevel: 1 });
    expect(times(v)).toEqual(['2026-11-20 08:00:00', '2026-11-21 18:30:15']);
  });

  it('reads a bare day as that whole day, and a day range as whole days', () => {
    expect(times(filtersFromQuery(fromUrl('warningTime=2026-11-22')))).toEqual(['2026-11-22 00:00:00', '2026-11-22 23:59:59']);
    expect(times(filtersFromQuery(fromUrl('warningTime=2026-11-20,2026-11-22')))).toEqual(['2026-11-20 00:00:00', '2026-11-22 23:59:59']);
  });

  it('drops a broken parameter on its own and keeps the others', () => {
    const q = fromUrl('warningType=99&dealStatus=0&warningTime=yesterday');
    expect(q.warningType).toBeUndefined();
    expect(q.warningTime).toBeUndefined();
    expect(q.dealStatus).toBe(0);
  });

  it('writes the form back as the same query: trimmed texts, the range as one warningTime', () => {
    const q = filtersToQuery({
      warningType: 2,
      dealStatus: 1,
      customerPhone: ' 1381234 ',
      deviceNumber: '  ',
      warningTime: [dayjs('2026-11-20 08:00:00'), dayjs('2026-11-21 18:30:15')],
    });
    expect(q).toEqual({
      warningType: 2, dealStatus: 1, riskLevel: undefined, customerPhone: '1381234', deviceNumber: undefined, deptId: undefined,
      warningTime: '2026-11-20 08:00:00,2026-11-21 18:30:15',
    });
    expect(filtersToQuery(filtersFromQuery(fromUrl(listQuerySearch(q).toString())))).toEqual(q);
  });
});
