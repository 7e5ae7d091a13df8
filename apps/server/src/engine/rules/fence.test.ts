import { describe, expect, it } from 'vitest';
import { fix, HANGZHOU, MIN, offset, T0 } from '../../test/engine-tracks.js';
import type { Fix } from '../types.js';
import { fenceCrossings, type BoundFence, type FenceSides } from './fence.js';

const city: BoundFence = { id: 1, name: '杭州市区围栏', alarmOn: 'out', shape: { shape: 'circle', geometry: { ...HANGZHOU, radius: 5000 } } };
const market: BoundFence = {
  id: 2, name: '二手车市场周边', alarmOn: 'in',
  shape: { shape: 'polygon', geometry: { points: [[120.2, 30.3], [120.22, 30.3], [120.22, 30.32], [120.2, 30.32]] } },
};

function run(fixes: Fix[], fences: BoundFence[]) {
  let sides: FenceSides = {};
  const fires = [];
  for (const f of fixes) {
    const step = fenceCrossings(sides, f, fences);
    sides = step.state;
    fires.push(...step.fires);
  }
  return fires;
}

describe('fence', () => {
  it('fires as the car leaves an "out" fence and enters an "in" fence', () => {
    const fires = run([fix(T0, HANGZHOU), fix(T0 + 20 * MIN, { lng: 120.21, lat: 30.31 })], [city, market]);
    expect(fires.map((f) => [f.placeKey, f.time])).toEqual([['fence:1:out', T0 + 20 * MIN], ['fence:2:in', T0 + 20 * MIN]]);
    expect(fires[0]).toMatchObject({ type: 8, detail: { fenceName: '杭州市区围栏', direction: 'out' } });
  });

  it('does not fire for the crossing a fence does not alarm on, staying inside, or the first fix (nothing crossed)', () => {
    expect(run([fix(T0, { lng: 120.21, lat: 30.31 }), fix(T0 + 20 * MIN, HANGZHOU)], [market])).toEqual([]);
    expect(run([fix(T0, HANGZHOU), fix(T0 + 20 * MIN, offset(HANGZHOU, 2000, 0))], [city])).toEqual([]);
    expect(run([fix(T0, offset(HANGZHOU, 9000, 0))], [city])).toEqual([]);
  });
});
