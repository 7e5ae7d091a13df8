import { CarDeviceListQuery } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../lib/listQuery';
import { filtersFromQuery, filtersToQuery } from './carFilters';

describe('customer-car filters', () => {
  it('normalises texts and upper-cases VIN and plate', () => {
    expect(filtersToQuery({ customerName: ' 王五 ', customerPhone: '', plateNumber: '浙a12345', carFrameNumber: 'lsgab', brandId: 3, loanStatus: 'overdue' })).toEqual({
      customerName: '王五',
      customerPhone: undefined,
      carFrameNumber: 'LSGAB',
      plateNumber: '浙A12345',
      deviceNumber: undefined,
      deptId: undefined,
      brandId: 3,
      loanStatus: 'overdue',
    });
  });

  it('refills the form from the address bar without the paging', () => {
    const q = parseListQuery(CarDeviceListQuery, new URLSearchParams('loanStatus=overdue&brandId=12&pageNumber=2'));
    expect(filtersFromQuery(q)).toEqual({ loanStatus: 'overdue', brandId: 12 });
  });
});
