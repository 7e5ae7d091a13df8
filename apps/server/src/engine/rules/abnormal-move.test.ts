import { describe, expect, it } from 'vitest';
import { fix, HANGZHOU, HOUR, MIN, offset, T0, TH } from '../../test/engine-tracks.js';
import { abnormalMove } from './abnormal-move.js';

const wentSilent = { t: T0, ...HANGZHOU };
const far = offset(HANGZHOU, 15_000, 0);

describe('abnormal move', () => {
  it('fires when a device silent for 3 h reports again 15 km away', () => {
    expect(abnormalMove(wentSilent, fix(T0 + 3 * HOUR, far), 1, TH)).toMatchObject({
      type: 10, time: T0 + 3 * HOUR, detail: { km: 15, offlineMinutes: 180 }, lng: far.lng,
    });
  });

  it('does not fire after 30 minutes of silence, 5 km away, or for a tracker between its ordinary reports', () => {
    expect(abnormalMove(wentSilent, fix(T0 + 30 * MIN, far), 1, TH)).toBeNull();
    expect(abnormalMove(wentSilent, fix(T0 + 3 * HOUR, offset(HANGZHOU, 5000, 0)), 1, TH)).toBeNull();
    expect(abnormalMove(wentSilent, fix(T0 + 6 * HOUR, far), 2, TH)).toBeNull();
    expect(abnormalMove(wentSilent, fix(T0 + 30 * HOUR, far), 2, TH)).not.toBeNull();
  });
});
