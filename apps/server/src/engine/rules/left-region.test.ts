import { describe, expect, it } from 'vitest';
import { reverseGeocode } from '../../geo/gazetteer.js';
import { fix, HANGZHOU, MIN, NINGBO, parked, SUZHOU, T0, TH, withThresholds, type At } from '../../test/engine-tracks.js';
import type { Fix, Thresholds } from '../types.js';
import { leftRegion, type OutsideSpell } from './left-region.js';

const home = { province: '浙江省', city: '杭州市' };
const named = (at: At) => {
  const g = reverseGeocode(at.lng, at.lat)!;
  return { province: g.province!, city: g.city! };
};

function run(fixes: Fix[], th: Thresholds = TH) {
  let spell: OutsideSpell = null;
  const fires = [];
  for (const f of fixes) {
    const step = leftRegion(spell, f, home, named(f), th);
    spell = step.state;
    if (step.fire) fires.push(step.fire);
  }
  return fires;
}

describe('leaving the region', () => {
  it('fires for a Hangzhou car seen in Suzhou (Jiangsu) for ten minutes, keyed by the province it is in', () => {
    const fires = run([fix(T0, HANGZHOU), ...parked(T0 + 3 * 60 * MIN, T0 + 4 * 60 * MIN, SUZHOU)]);
    expect(fires[0]).toMatchObject({ type: 5, placeKey: '江苏省', time: T0 + 3 * 60 * MIN, detail: { region: '浙江省', place: '江苏省' } });
  });

  it('does not fire for one fix across the border, nor for Ningbo (the same province) unless the region is the city', () => {
    expect(run([fix(T0, HANGZHOU), fix(T0 + 60 * MIN, SUZHOU), fix(T0 + 80 * MIN, HANGZHOU)])).toEqual([]);
    const ningbo = [fix(T0, HANGZHOU), ...parked(T0 + 2 * 60 * MIN, T0 + 3 * 60 * MIN, NINGBO)];
    expect(run(ningbo)).toEqual([]);
    expect(run(ningbo, withThresholds((th) => (th.region.scope = 'city')))[0]).toMatchObject({ placeKey: '浙江省宁波市' });
  });
});
