import { DevListQuery } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, hasFilters, listQuerySearch, parseListQuery } from './listQuery';

const parse = (qs: string) => parseListQuery(DevListQuery, new URLSearchParams(qs));

describe('list query in the address bar', () => {
  it('reads filters and paging with their types', () => {
    expect(parse('deviceNumber=86012&deviceKind=2&state=offline&deptId=7&pageNumber=3&pageSize=50')).toEqual({
      deviceNumber: '86012',
      deviceKind: 2,
      state: 'offline',
      deptId: 7,
      pageNumber: 3,
      pageSize: 50,
    });
  });

  it('defaults to page 1 of the default size', () => {
    expect(parse('')).toEqual({ pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE });
  });

  it('drops only the parameters that fail the contract', () => {
    expect(parse('state=flying&deviceKind=9&customerName=%E5%BC%A0%E4%B8%89&pageSize=5000')).toEqual({
      customerName: '张三',
      pageNumber: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    expect(parse('installTimeStart=2026-02-30%2000:00:00&installTimeEnd=2026-03-01%2023:59:59')).toEqual({
      installTimeEnd: '2026-03-01 23:59:59',
      pageNumber: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  });

  it('writes back only what differs from the defaults', () => {
    const qs = listQuerySearch({ pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE, state: 'never', deviceNumber: '', deptId: undefined });
    expect(qs.toString()).toBe('state=never');
    expect(listQuerySearch({ pageNumber: 2, pageSize: 50 }).toString()).toBe('pageNumber=2&pageSize=50');
  });

  it('round-trips through the URL', () => {
    const q = parse('customerName=%E6%9D%8E%E5%9B%9B&installTimeStart=2026-01-01%2000:00:00&pageNumber=4');
    expect(parse(listQuerySearch(q).toString())).toEqual(q);
  });

  it('knows when filters are set', () => {
    expect(hasFilters({ pageNumber: 2, pageSize: 10 })).toBe(false);
    expect(hasFilters({ pageNumber: 1, pageSize: 10, state: 'parked' })).toBe(true);
  });
});
