import type { RiskPointItem } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { mergeNearby } from './nearby';

const point = (id: number, distance: number | undefined, own: boolean): RiskPointItem => ({
  id, name: `风险点${id}`, category: 'mortgage', lng: 120.15, lat: 30.25, gaodeLng: 120.155, gaodeLat: 30.248,
  address: '杭州市西湖区', deptId: own ? 3 : 1, deptName: own ? '杭州宝龙奥迪4S店' : '平台', own, createTime: '2026-01-01 00:00:00', distance,
});

describe('risk points near a place', () => {
  it('lists shared and own points together, nearest first', () => {
    const merged = mergeNearby([point(1, 2800, false), point(2, 120, false)], [point(3, 900, true)]);
    expect(merged.map((p) => [p.id, p.distance, p.own])).toEqual([[2, 120, false], [3, 900, true], [1, 2800, false]]);
  });

  it('lists a point both calls return once', () => {
    expect(mergeNearby([point(5, 300, false)], [point(5, 300, true)]).map((p) => p.id)).toEqual([5]);
  });

  it('puts a point without a distance last and is empty when nothing is near', () => {
    expect(mergeNearby([point(1, undefined, false), point(2, 2500, false)], []).map((p) => p.id)).toEqual([2, 1]);
    expect(mergeNearby([], [])).toEqual([]);
  });
});
