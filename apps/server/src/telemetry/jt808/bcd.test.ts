import { describe, expect, it } from 'vitest';
import { readBcd, readBcdTime, writeBcd, writeBcdTime } from './bcd.js';

describe('BCD', () => {
  it('reads and writes phone numbers with their padding zeros', () => {
    expect(readBcd(Buffer.from('013912345678', 'hex'))).toBe('013912345678');
    expect(writeBcd('13912345678', 6)).toEqual(Buffer.from('013912345678', 'hex'));
    expect(writeBcd('13912345678', 10)).toEqual(Buffer.from('00000000013912345678', 'hex'));
  });

  it('refuses numbers that do not fit', () => {
    expect(() => writeBcd('1234567890123', 6)).toThrow(RangeError);
    expect(() => writeBcd('12x4', 6)).toThrow(RangeError);
  });
});

describe('BCD time (GMT+8)', () => {
  it('converts Beijing wall time to epoch ms', () => {
    expect(readBcdTime(Buffer.from('240110172605', 'hex'))).toBe(Date.UTC(2024, 0, 10, 9, 26, 5));
    // Just after midnight in Beijing is the previous day in UTC.
    expect(readBcdTime(Buffer.from('250101000001', 'hex'))).toBe(Date.UTC(2024, 11, 31, 16, 0, 1));
  });

  it('gives null for times that are not dates', () => {
    expect(readBcdTime(Buffer.alloc(6))).toBeNull();
    expect(readBcdTime(Buffer.from('250231120000', 'hex'))).toBeNull();
    expect(readBcdTime(Buffer.from('250101246000', 'hex'))).toBeNull();
    expect(readBcdTime(Buffer.from('2501011200a0', 'hex'))).toBeNull();
  });

  it('writes what it reads, and zeros for no time', () => {
    const t = Date.UTC(2026, 5, 30, 23, 59, 58);
    expect(readBcdTime(writeBcdTime(t))).toBe(t);
    expect(writeBcdTime(t)).toEqual(Buffer.from('260701075958', 'hex'));
    expect(writeBcdTime(null)).toEqual(Buffer.alloc(6));
    expect(() => writeBcdTime(Date.UTC(1999, 0, 1))).toThrow(RangeError);
  });
});
