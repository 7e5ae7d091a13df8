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

  it('does not fire for a parked car whose terminal was heard all along (heartbeats), whatever the pause between fixes', () => {
    expect(offlineOnReturn(last, T0 + 60 * HOUR, 1, TH, { since: T0 - HOUR, to: T0 + 60 * HOUR - 60_000 })).toBeNull();
  });

  it('counts only the silences around the run of heartbeats: before it began, or after it ended', () => {
    // Silent 30 h, then the terminal came back (its run begins) and reported its first fix an hour later.
    const before = offlineOnReturn(last, T0 + 31 * HOUR, 1, TH, { since: T0 + 30 * HOUR, to: T0 + 31 * HOUR });
    expect(before).toMatchObject({ time: T0 + 24 * HOUR, at: T0 + 30 * HOUR, detail: { since: T0, backAt: T0 + 30 * HOUR } });
    // Heard until 2 h after the fix, then silent 28 h before the next one.
    const after = offlineOnReturn(last, T0 + 30 * HOUR, 1, TH, { since: T0 - HOUR, to: T0 + 2 * HOUR });
    expect(after).toMatchObject({ time: T0 + 26 * HOUR, detail: { since: T0 + 2 * HOUR, backAt: T0 + 30 * HOUR } });
  });

  it('ignores a run that does not fall between the fixes (old fixes of a blind-area upload judged today)', () => {
    const run = { since: T0 + 100 * HOUR, to: T0 + 101 * HOUR };
    expect(offlineOnReturn(last, T0 + 30 * HOUR, 1, TH, run)).toMatchObject({ time: T0 + 24 * HOUR, detail: { backAt: T0 + 30 * HOUR } });
  });
});
