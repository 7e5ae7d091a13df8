import { describe, expect, it } from 'vitest';
import { missingNumbers, pasteProblem, splitDeviceNumbers } from './pastedNumbers';

describe('pasted device numbers', () => {
  it('splits on commas of either width, semicolons, spaces and new lines, once per number', () => {
    expect(splitDeviceNumbers(' 138000010042,138000010191，864319031117822\n\n138000010042;138000010221；\t999 ')).toEqual([
      '138000010042',
      '138000010191',
      '864319031117822',
      '138000010221',
      '999',
    ]);
    expect(splitDeviceNumbers(' \n , ')).toEqual([]);
  });

  it('says what is wrong before anything is sent', () => {
    expect(pasteProblem([])).toEqual({ kind: 'empty' });
    expect(pasteProblem(Array.from({ length: 1001 }, (_, i) => String(i)))).toEqual({ kind: 'tooMany', count: 1001 });
    expect(pasteProblem(['1380', '1'.repeat(31)])).toEqual({ kind: 'tooLong', number: '1'.repeat(31) });
    expect(pasteProblem(Array.from({ length: 1000 }, (_, i) => String(i)))).toBeNull();
  });

  it('counts the numbers the server did not return as not found, in pasted order', () => {
    const asked = ['138000010042', '000', '138000010191', '111'];
    expect(missingNumbers(asked, [{ deviceNumber: '138000010191' }, { deviceNumber: '138000010042' }])).toEqual(['000', '111']);
    expect(missingNumbers(asked, [])).toHaveLength(4);
  });
});
