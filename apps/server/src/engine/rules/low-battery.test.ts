import { describe, expect, it } from 'vitest';
import { fix, HANGZHOU, HOUR, T0, TH } from '../../test/engine-tracks.js';
import { lowBattery } from './low-battery.js';

describe('low battery', () => {
  it('fires while a wireless tracker is below 20 %, one spell dated when it fell below', () => {
    const first = lowBattery(null, fix(T0, HANGZHOU, { battery: 19 }), 2, TH);
    expect(first.fire).toMatchObject({ type: 11, time: T0, detail: { battery: 19 } });
    const later = lowBattery(first.state, fix(T0 + 6 * HOUR, HANGZHOU, { battery: 17 }), 2, TH);
    expect(later.fire).toMatchObject({ time: T0, at: T0 + 6 * HOUR, detail: { battery: 17 } });
  });

  it('does not fire at 20 % or more (and a recharge ends the spell), nor for a wired device', () => {
    expect(lowBattery(T0, fix(T0 + HOUR, HANGZHOU, { battery: 60 }), 2, TH)).toEqual({ state: null, fire: null });
    expect(lowBattery(null, fix(T0, HANGZHOU, { battery: 20 }), 2, TH).fire).toBeNull();
    expect(lowBattery(null, fix(T0, HANGZHOU, { battery: 5 }), 1, TH).fire).toBeNull();
  });
});
