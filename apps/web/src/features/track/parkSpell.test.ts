import { describe, expect, it } from 'vitest';
import { describePark } from './parkSpell';
import type { Park } from './trackPlayer';

const H = 3_600_000;
const spell = (stop: number | null): Park => ({ from: 0, to: 800, fix: 0, until: 1, durationMs: 2 * H, stop });

describe('describePark', () => {
  it('names a stop as 停留 at the stop’s place', () => {
    const fixes = [{ lng: 120.1, lat: 30.2 }, { lng: 120.1, lat: 30.2 }];
    expect(describePark(spell(0), fixes, [{ lng: 120.2, lat: 30.3 }])).toEqual({ lng: 120.2, lat: 30.3, kind: 'parked', durationMs: 2 * H });
  });

  it('names a gap without fixes 停留 where the car was found again where it was left', () => {
    const fixes = [{ lng: 120.1, lat: 30.2 }, { lng: 120.1001, lat: 30.2001 }];
    expect(describePark(spell(null), fixes, [])).toMatchObject({ lng: 120.1, lat: 30.2, kind: 'parked' });
  });

  it('names a gap the car drove through out of coverage 无定位', () => {
    const fixes = [{ lng: 120.1, lat: 30.2 }, { lng: 120.2, lat: 30.2 }];
    expect(describePark(spell(null), fixes, [])).toMatchObject({ kind: 'noFixes', durationMs: 2 * H });
  });
});
