import { describe, expect, it } from 'vitest';
import { HANGZHOU, HOUR, T0, TH } from '../../test/engine-tracks.js';
import { offlineNow, offlineOnReturn } from './offline.js';

const last = { t: T0, ...HANGZHOU };

describe('offline', () => {
  it('fires for a wired device silent longer than 24 h, dated when the threshold ran out, wherever it is noticed', () => {
    const back = offlineOnReturn(last, T0 + 30 * HOUR, 1, TH);
    expect(back).toMatchObject({ type: 1, placeKey: '', time: T0 + 24 * HOUR, at: T0 + 30 * HOUR, detail: { since: T0, hours: 30, backAt: T0 + 30 * HOUR } });
    const still = offlineNow(last, T0 + 25 * HOUR, 1, TH);
    expect(still).toMatchObject({ type: 1, time: T0 + 24 * HOUR, continuing: true, lng: HANGZHOU.lng });
  });

  it('does not fire for a wired device silent 23 h, nor a wireless one silent 50 h (its threshold is 72 h)', () => {
    expect(offlineOnReturn(last, T0 + 23 * HOUR, 1, TH)).toBeNull();
    expect(offlineNow(last, T0 + 50 * HOUR, 2, TH)).toBeNull();
    expect(offlineNow(last, T0 + 73 * HOUR, 2, TH)).not.toBeNull();
    expect(offlineOnReturn(null, T0, 1, TH)).toBeNull();
  });
});
