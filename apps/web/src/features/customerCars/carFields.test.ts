import { CarDeviceListQuery } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { parseListQuery } from '../../lib/listQuery';
import { carColumns, filtersFromQuery, filtersToQuery } from './carFields';

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

  it('round-trips every filter through the address bar', () => {
    const params = 'customerName=王五&customerPhone=138&carFrameNumber=LSGAB&plateNumber=浙A1&deviceNumber=8652&deptId=4&brandId=12&loanStatus=normal';
    const q = parseListQuery(CarDeviceListQuery, new URLSearchParams(params));
    const { pageNumber: _page, pageSize: _size, ...filters } = q;
    expect(filtersToQuery(filtersFromQuery(q))).toEqual(filters);
    expect(Object.keys(filters)).toHaveLength(8);
  });
});

describe('customer-car columns', () => {
  it('keep their order and their headers', () => {
    const t = makeTranslate('zh');
    expect(carColumns(t).map((c) => [c.key, c.title, c.width])).toEqual([
      ['customerName', '客户', 96], ['customerPhone', t('car.phone'), 120], ['idCard', t('car.idCard'), 180],
      ['carFrameNumber', t('car.carFrameNumber'), 196], ['plateNumber', t('car.plateNumber'), 100], ['brandName', '品牌', 100],
      ['modelName', t('car.model'), 130], ['color', t('car.color'), 70], ['deptName4s', t('car.dealer'), 170],
      ['deptName', t('car.finance'), 170], ['loanStatus', t('car.loanStatus'), 90], ['overdueDays', t('car.overdueDays'), 90],
      ['wiredDevices', t('car.wiredDevices'), 150], ['wirelessDevices', t('car.wirelessDevices'), 150], ['createdAt', t('car.createdAt'), 165],
    ]);
    expect(carColumns(t)[0]).toMatchObject({ fixed: 'left', locked: true });
  });
});
