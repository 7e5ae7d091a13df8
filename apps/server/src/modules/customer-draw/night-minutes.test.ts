import { describe, expect, it } from 'vitest';
import { nightMinutes } from './night-minutes.js';

/** Milliseconds of a Shanghai wall-clock time. */
const at = (text: string) => Date.parse(`${text}+08:00`);

describe('night minutes of a trip', () => {
  it('counts only the part between 22:00 and 05:00 Shanghai time', () => {
    expect(nightMinutes(at('2026-11-20T21:30:00'), at('2026-11-20T22:45:00'))).toBe(45);
    expect(nightMinutes(at('2026-11-20T04:30:00'), at('2026-11-20T06:00:00'))).toBe(30);
    expect(nightMinutes(at('2026-11-20T08:00:00'), at('2026-11-20T18:00:00'))).toBe(0);
  });

  it('follows a drive through the night across midnight and across days', () => {
    expect(nightMinutes(at('2026-11-20T23:00:00'), at('2026-11-21T01:00:00'))).toBe(120);
    // 21:00 on day 1 to 06:00 on day 3: two whole nights of 7 hours.
    expect(nightMinutes(at('2026-11-20T21:00:00'), at('2026-11-22T06:00:00'))).toBe(14 * 60);
  });

  it('is nothing for an empty or reversed span', () => {
    expect(nightMinutes(at('2026-11-20T23:00:00'), at('2026-11-20T23:00:00'))).toBe(0);
    expect(nightMinutes(at('2026-11-20T23:30:00'), at('2026-11-20T23:00:00'))).toBe(0);
  });
});
