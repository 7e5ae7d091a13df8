import { MONITOR_FOCUS_ZOOM } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { DeviceIndex, type DeviceItem, type IndexedPoint } from './deviceIndex';

// 30 devices within ~100 m in Hangzhou, 5 in Beijing, 1 in Urumqi.
const points: IndexedPoint[] = [
  ...Array.from({ length: 30 }, (_, i) => ({ id: i + 1, lng: 120.15 + (i % 6) * 0.0002, lat: 30.28 + Math.floor(i / 6) * 0.0002 })),
  ...Array.from({ length: 5 }, (_, i) => ({ id: 100 + i, lng: 116.4 + i * 0.0003, lat: 39.9 })),
  { id: 200, lng: 87.6, lat: 43.8 },
];

const WORLD = [-180, -85, 180, 85] as const;
const total = (items: DeviceItem[]) => items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0);

describe('DeviceIndex', () => {
  const index = new DeviceIndex().load(points);

  it('groups nearby devices at country zoom and keeps every device counted', () => {
    const items = index.items(...WORLD, 4);
    expect(total(items)).toBe(36);
    const counts = items.map((i) => (i.kind === 'cluster' ? i.count : 1)).sort((a, b) => a - b);
    expect(counts).toEqual([1, 5, 30]);
  });

  it('shows only what lies in the box', () => {
    const beijing = index.items(116, 39.5, 117, 40.5, 4);
    expect(total(beijing)).toBe(5);
  });

  it('zooms a clicked cluster to where it splits, and shows every device alone at the focus zoom', () => {
    const cluster = index.items(...WORLD, 4).find((i) => i.kind === 'cluster' && i.count === 5);
    expect(cluster?.kind).toBe('cluster');
    const zoom = index.expansionZoom((cluster as Extract<DeviceItem, { kind: 'cluster' }>).clusterId);
    expect(zoom).toBeGreaterThan(4);
    expect(index.items(116, 39.5, 117, 40.5, zoom).length).toBeGreaterThan(1);
    const focused = index.items(120.14, 30.27, 120.17, 30.29, MONITOR_FOCUS_ZOOM);
    expect(focused).toHaveLength(30);
    expect(focused.every((i) => i.kind === 'device')).toBe(true);
  });

  it('measures the radius in screen pixels of 256-px tiles', () => {
    // Two devices 60 px apart at zoom 10 (well inside the 80-px grid), then 240 px apart at zoom 12.
    const pxPerDegree = (z: number) => (256 * 2 ** z) / 360;
    const near = new DeviceIndex().load([
      { id: 1, lng: 100, lat: 0 },
      { id: 2, lng: 100 + 60 / pxPerDegree(10), lat: 0 },
    ]);
    expect(near.items(...WORLD, 10)).toHaveLength(1);
    expect(near.items(...WORLD, 12)).toHaveLength(2);
  });

  it('answers an empty map with nothing', () => {
    expect(new DeviceIndex().load([]).items(...WORLD, 5)).toEqual([]);
  });
});
