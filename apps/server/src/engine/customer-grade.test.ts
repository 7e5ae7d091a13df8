import { describe, expect, it } from 'vitest';
import { gradeOf } from './customer-grade.js';

const w = (risk_level: number, deal_status: number, compound = 0) => ({ risk_level, deal_status, compound });

describe('customer grade (server-behaviour §7)', () => {
  it('is high risk with an unhandled high warning, or any compound one, handled or not', () => {
    expect(gradeOf([w(2, 1), w(1, 0)])).toBe('high');
    expect(gradeOf([w(1, 1, 1)])).toBe('high');
  });

  it('is potential risk with only other unhandled warnings, and general without unhandled ones', () => {
    expect(gradeOf([w(2, 0), w(1, 1)])).toBe('potential');
    expect(gradeOf([w(3, 0)])).toBe('potential');
    expect(gradeOf([w(1, 1), w(2, 1)])).toBe('general');
    expect(gradeOf([])).toBe('general');
  });
});
