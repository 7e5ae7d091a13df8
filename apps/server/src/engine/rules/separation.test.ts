import { describe, expect, it } from 'vitest';
import { HANGZHOU, HOUR, MIN, offset, T0, TH } from '../../test/engine-tracks.js';
import { separation } from './separation.js';

const tracker = { t: T0, ...HANGZHOU };
const base = offset(HANGZHOU, 8000, 0);

describe('device separation', () => {
  it('fires when the tracker is 8 km from the wired device before and after its fix', () => {
    const step = separation(null, tracker, { t: T0 - 10 * MIN, ...base }, { t: T0 + 5 * MIN, ...base }, TH);
    expect(step.fire).toMatchObject({ type: 7, time: T0, lng: HANGZHOU.lng, detail: { km: 8, wired: { t: T0 + 5 * MIN } } });
    expect(step.state).toBe(T0);
  });

  it('does not fire when they are together, when the car was just leaving, or when the wired device fell silent', () => {
    const near = offset(HANGZHOU, 300, 0);
    expect(separation(T0 - HOUR, tracker, { t: T0 - 10 * MIN, ...near }, { t: T0 + 5 * MIN, ...near }, TH)).toEqual({ state: null, fire: null });
    expect(separation(null, tracker, { t: T0 - 10 * MIN, ...near }, { t: T0 + 5 * MIN, ...base }, TH).fire).toBeNull();
    expect(separation(null, tracker, { t: T0 - 10 * MIN, ...base }, { t: T0 + 3 * HOUR, ...base }, TH).fire).toBeNull();
  });

  it('keeps the earliest start when pairs come out of order', () => {
    const later = separation(T0 + 6 * HOUR, tracker, { t: T0 - 10 * MIN, ...base }, { t: T0 + 5 * MIN, ...base }, TH);
    expect(later.state).toBe(T0);
    const together = separation(T0 + 6 * HOUR, tracker, { t: T0 - 10 * MIN, ...HANGZHOU }, { t: T0 + 5 * MIN, ...HANGZHOU }, TH);
    expect(together.state).toBe(T0 + 6 * HOUR);
  });
});
