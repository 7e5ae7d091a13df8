import { describe, expect, it } from 'vitest';
import { isValidLuhn, luhnCheckDigit } from '../lib/luhn.js';
import { idCardCheckDigit, isValidIdCard, makeIdCard, makeMobile } from './identity.js';
import { Rng } from './random.js';

describe('identity-card numbers', () => {
  it('computes the GB 11643 check character of a known number', () => {
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
    expect(isValidIdCard('11010519491231002X')).toBe(true);
  });

  it('rejects a number with one digit changed', () => {
    expect(isValidIdCard('11010519491231003X')).toBe(false);
    expect(isValidIdCard('1101051949123100')).toBe(false);
  });

  it('writes area, birth date and sex into the number', () => {
    const man = makeIdCard('330106', new Date(Date.UTC(1988, 4, 7)), 21, true);
    const woman = makeIdCard('330106', new Date(Date.UTC(1988, 4, 7)), 21, false);
    expect(man.slice(0, 14)).toBe('33010619880507');
    expect(Number(man[16]) % 2).toBe(1);
    expect(Number(woman[16]) % 2).toBe(0);
    expect(isValidIdCard(man) && isValidIdCard(woman)).toBe(true);
  });
});

describe('Luhn', () => {
  it('accepts known valid numbers and computes their check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(isValidLuhn('79927398713')).toBe(true);
    // The IMEI example of 3GPP TS 23.003.
    expect(isValidLuhn('490154203237518')).toBe(true);
  });

  it('rejects a transposed digit', () => {
    expect(isValidLuhn('79927398731')).toBe(false);
  });
});

describe('mobile numbers', () => {
  it('are 11 digits on mainland prefixes', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 200; i++) expect(makeMobile(rng)).toMatch(/^1[35789]\d{9}$/);
  });
});
