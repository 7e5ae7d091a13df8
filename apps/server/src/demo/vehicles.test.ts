import { describe, expect, it } from 'vitest';
import { Rng } from './random.js';
import { BRANDS, brandByName, isValidVin, makePlate, makeVin, modelYearCode, vinCheckDigit, wmiOf } from './vehicles.js';

describe('VIN check digit', () => {
  it('matches real VINs', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('11111111111111111')).toBe(true);
  });

  it('rejects a mistyped VIN and the letters I, O and Q', () => {
    expect(isValidVin('1M8GDM9AXKP042789')).toBe(false);
    expect(isValidVin('1M8GDM9AXKP04278O')).toBe(false);
  });
});

describe('model-year codes', () => {
  it('follow the 30-year cycle', () => {
    expect(modelYearCode(2010)).toBe('A');
    expect(modelYearCode(2018)).toBe('J');
    expect(modelYearCode(2024)).toBe('R');
    expect(modelYearCode(2026)).toBe('T');
    expect(modelYearCode(2031)).toBe('1');
    expect(modelYearCode(2040)).toBe('A');
  });
});

describe('generated VINs', () => {
  it('are valid, unique and start with the brand WMI', () => {
    const rng = new Rng(1);
    const serials = new Set<string>();
    const seen = new Set<string>();
    for (const brand of BRANDS) {
      for (const model of brand.models) {
        for (let year = 2022; year <= 2026; year++) {
          const vin = makeVin(rng, wmiOf(brand, model), year, serials);
          expect(isValidVin(vin), vin).toBe(true);
          expect(vin.startsWith(wmiOf(brand, model))).toBe(true);
          expect(vin[9]).toBe(modelYearCode(year));
          seen.add(vin);
        }
      }
    }
    expect(seen.size).toBe(serials.size);
  });
});

describe('plates', () => {
  it('are green eight-character plates for electric cars and seven characters otherwise', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 50; i++) {
      expect(makePlate(rng, '浙', 'A', brandByName('特斯拉'))).toMatch(/^浙AD\d{5}$/);
      expect(makePlate(rng, '苏', 'E', brandByName('丰田'))).toMatch(/^苏E[A-HJ-NP-Z0-9]{5}$/);
    }
  });
});
