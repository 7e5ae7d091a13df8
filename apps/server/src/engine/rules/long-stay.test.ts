import { describe, expect, it } from 'vitest';
import { DAY, fix, HANGZHOU, HOUR, offset, parked, T0, TH } from '../../test/engine-tracks.js';
import { awayFromHomeAndWork } from '../places.js';
import type { Fix, Seen } from '../types.js';
import { advanceAnchor, longStay, type Anchor } from './long-stay.js';

const home = HANGZHOU;
/** Three nights at home before the stays below. */
const nights: Seen[] = [1, 2, 3].map((k) => ({ t: T0 - k * DAY - 8 * HOUR, ...offset(home, 30 * k, 0) }));

function run(fixes: Fix[], kind = 1) {
  let anchor: Anchor = null;
  const fires = [];
  for (const f of fixes) {
    const step = longStay(advanceAnchor(anchor, f, kind), f.t, TH, (a) => awayFromHomeAndWork(nights, [], { t: a.since, lng: a.lng, lat: a.lat }));
    anchor = step.state;
    if (step.fire) fires.push(step.fire);
  }
  return fires;
}

describe('long stay', () => {
  it('fires for a car that has not moved for 72 h, 5 km from home', () => {
    const away = offset(home, 5000, 0);
    const fires = run(parked(T0, T0 + 80 * HOUR, away, HOUR));
    expect(fires[0]).toMatchObject({ type: 6, time: T0 + 72 * HOUR, at: T0 + 72 * HOUR, detail: { since: T0 } });
  });

  it('does not fire at home, before 72 h, or when the car drove in between', () => {
    expect(run(parked(T0, T0 + 100 * HOUR, offset(home, 200, 0), HOUR))).toEqual([]);
    const away = offset(home, 5000, 0);
    expect(run(parked(T0, T0 + 70 * HOUR, away, HOUR))).toEqual([]);
    const drove = [...parked(T0, T0 + 40 * HOUR, away, HOUR), fix(T0 + 40.5 * HOUR, offset(away, 300, 0), { speed: 30, acc: 1 }), ...parked(T0 + 41 * HOUR, T0 + 100 * HOUR, away, HOUR)];
    expect(run(drove)).toEqual([]);
  });

  it('does not fire for a car whose home is not learned yet', () => {
    const fresh = parked(T0, T0 + 80 * HOUR, offset(home, 5000, 0), HOUR);
    let anchor: Anchor = null;
    for (const f of fresh) anchor = longStay(advanceAnchor(anchor, f, 1), f.t, TH, (a) => awayFromHomeAndWork([], [], { t: a.since, lng: a.lng, lat: a.lat })).state;
    expect(anchor?.away).toBe(false);
  });
});
