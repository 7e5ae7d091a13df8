import { describe, expect, it } from 'vitest';
import { toGcj02 } from './coords.js';

describe('toGcj02', () => {
  // Tiananmen: WGS-84 116.391349, 39.907375 is GCJ-02 116.397585, 39.908776 in published conversion tables.
  it('shifts a point in Beijing by the standard offset', () => {
    const [lng, lat] = toGcj02(116.391349, 39.907375);
    expect(lng).toBeCloseTo(116.397585, 4);
    expect(lat).toBeCloseTo(39.908776, 4);
  });

  it('leaves a point outside China unchanged', () => {
    expect(toGcj02(2.2945, 48.8584)).toEqual([2.2945, 48.8584]);
  });
});
