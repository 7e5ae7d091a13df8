import { describe, expect, it } from 'vitest';
import { daysOf, monthsOf, weeksOf } from './periods.js';

describe('report periods', () => {
  it('lists the days of a period across a month end', () => {
    expect(daysOf(20261130, 20261202)).toEqual([20261130, 20261201, 20261202]);
  });

  it('cuts a period into Monday-to-Sunday weeks named by their Monday', () => {
    // 2026-11-18 is a Wednesday; 2026-11-23 a Monday.
    expect(weeksOf(20261118, 20261201)).toEqual([
      { from: 20261118, to: 20261122, label: '2026-11-16' },
      { from: 20261123, to: 20261129, label: '2026-11-23' },
      { from: 20261130, to: 20261201, label: '2026-11-30' },
    ]);
  });

  it('cuts a period into calendar months across a year end', () => {
    expect(monthsOf(20261215, 20270203)).toEqual([
      { from: 20261215, to: 20261231, label: '2026-12' },
      { from: 20270101, to: 20270131, label: '2027-01' },
      { from: 20270201, to: 20270203, label: '2027-02' },
    ]);
  });
});
