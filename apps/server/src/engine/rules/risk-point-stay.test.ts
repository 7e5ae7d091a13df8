import { describe, expect, it } from 'vitest';
import { fix, HANGZHOU, MIN, offset, parked, T0, TH, type At } from '../../test/engine-tracks.js';
import { buildPointGrid } from '../risk-point-index.js';
import type { Fix } from '../types.js';
import { riskPointStay, type PointStay } from './risk-point-stay.js';

const pawnshop = { id: 7, deptId: 2, name: '杭州聚丰典当行', category: 'pawnshop', ...offset(HANGZHOU, 3000, 0) };
const nearest = buildPointGrid([pawnshop]);
const owners = new Set([1, 2, 5]);

function run(fixes: Fix[], seenBy = owners) {
  let stay: PointStay = null;
  const fires = [];
  for (const f of fixes) {
    const step = riskPointStay(stay, f, nearest(f.lng, f.lat, TH.riskPoint.radiusM, seenBy), TH);
    stay = step.state;
    if (step.fire) fires.push(step.fire);
  }
  return fires;
}

const drive = (from: At, to: At, start: number, n: number) =>
  Array.from({ length: n }, (_, i) => fix(start + i * 30_000, { lng: from.lng + ((to.lng - from.lng) * i) / n, lat: from.lat + ((to.lat - from.lat) * i) / n }, { speed: 40, acc: 1 }));

describe('risk-point stay', () => {
  it('fires once the car has stood within 200 m of a risk point for 30 minutes', () => {
    const bay = offset(pawnshop, 60, -80);
    const fires = run([...drive(HANGZHOU, offset(bay, -600, 0), T0, 20), ...parked(T0 + 10 * MIN, T0 + 70 * MIN, bay, 5 * MIN)]);
    expect(fires[0]).toMatchObject({ type: 4, placeKey: 'rp:7', time: T0 + 40 * MIN, detail: { riskPointId: 7, riskPointName: '杭州聚丰典当行' } });
    expect(fires[fires.length - 1]!.at).toBe(T0 + 70 * MIN);
  });

  it('does not fire for a car that stops 25 minutes, parks 300 m away, or at a point of another institution', () => {
    expect(run(parked(T0, T0 + 25 * MIN, offset(pawnshop, 50, 0), 5 * MIN))).toEqual([]);
    expect(run(parked(T0, T0 + 3 * 60 * MIN, offset(pawnshop, 300, 0)))).toEqual([]);
    expect(run(parked(T0, T0 + 3 * 60 * MIN, pawnshop), new Set([1, 3, 6]))).toEqual([]);
  });

  it('starts over when the car leaves the point in between', () => {
    const at = offset(pawnshop, 20, 0);
    const fixes = [...parked(T0, T0 + 20 * MIN, at, 5 * MIN), fix(T0 + 25 * MIN, HANGZHOU), ...parked(T0 + 40 * MIN, T0 + 60 * MIN, at, 5 * MIN)];
    expect(run(fixes)).toEqual([]);
  });
});
