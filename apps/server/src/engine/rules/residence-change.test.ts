import { describe, expect, it } from 'vitest';
import { DAY, HANGZHOU, offset, T0, TH } from '../../test/engine-tracks.js';
import { residenceChange, type NightSample } from './residence-change.js';

/** Night n spent at `at` (a few metres of parking drift). */
const night = (n: number, at: { lng: number; lat: number }): NightSample => ({ night: 20_000 + n, t: T0 + n * DAY, ...offset(at, (n % 3) * 20, 0) });
const moved = offset(HANGZHOU, 15_000, 5000);

describe('residence change', () => {
  it('fires when five of the last seven nights were spent 15 km from the learned home', () => {
    const nights = [...Array.from({ length: 14 }, (_, n) => night(n, HANGZHOU)), ...Array.from({ length: 6 }, (_, k) => night(14 + k, moved))];
    const fire = residenceChange(nights, TH);
    expect(fire).toMatchObject({ type: 9, time: T0 + 14 * DAY, at: T0 + 19 * DAY, detail: { nights: 6 } });
    expect(fire!.detail.km).toBeGreaterThan(15);
  });

  it('does not fire for a trip of three nights, a move of 5 km, or without a learned home', () => {
    const trip = [...Array.from({ length: 14 }, (_, n) => night(n, HANGZHOU)), ...Array.from({ length: 3 }, (_, k) => night(14 + k, moved))];
    expect(residenceChange(trip, TH)).toBeNull();
    const nearby = [...Array.from({ length: 14 }, (_, n) => night(n, HANGZHOU)), ...Array.from({ length: 7 }, (_, k) => night(14 + k, offset(HANGZHOU, 5000, 0)))];
    expect(residenceChange(nearby, TH)).toBeNull();
    expect(residenceChange(Array.from({ length: 7 }, (_, k) => night(k, moved)), TH)).toBeNull();
  });
});
