import { describe, expect, it } from 'vitest';
import { fileNameFrom, toSearch, withQuery } from './serialize';

describe('serialize', () => {
  it('leaves out empty values and repeats arrays', () => {
    expect(toSearch({ a: 1, b: '', c: null, d: undefined, e: ['x', 'y'], f: 0 })).toBe('a=1&e=x&e=y&f=0');
    expect(withQuery('/api/x?k=1', { userid: 5 })).toBe('/api/x?k=1&userid=5');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });

  it('reads file names from Content-Disposition', () => {
    expect(fileNameFrom("attachment; filename*=UTF-8''%E5%AE%A2%E6%88%B7%E8%BD%A6%E8%BE%86.xlsx", 'f')).toBe('客户车辆.xlsx');
    expect(fileNameFrom('attachment; filename="devices 2026.xlsx"', 'f')).toBe('devices 2026.xlsx');
    expect(fileNameFrom('attachment; filename=a.xlsx', 'f')).toBe('a.xlsx');
    expect(fileNameFrom(null, '设备.xlsx')).toBe('设备.xlsx');
    expect(fileNameFrom('attachment', 'f.xlsx')).toBe('f.xlsx');
  });
});
