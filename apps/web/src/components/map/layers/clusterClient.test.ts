import { describe, expect, it } from 'vitest';
import { wgsToDatum } from '../datum';
import { ClusterClient } from './clusterClient';

describe('ClusterClient', () => {
  it('clusters WGS-84 points in the datum of the base layer and answers what is in a box', async () => {
    const index = new ClusterClient();
    // Two devices a few metres apart in Hangzhou, one in Beijing.
    await index.load(new Float64Array([1, 120.15, 30.28, 2, 120.1501, 30.2801, 3, 116.4, 39.9]), 'gcj02');
    const all = await index.items([70, 15, 140, 55], 5);
    expect(all.map((i) => (i.kind === 'cluster' ? i.count : 1)).sort()).toEqual([1, 2]);
    const beijing = await index.items([116, 39.5, 117, 40.5], 16);
    const [lng, lat] = wgsToDatum(116.4, 39.9, 'gcj02');
    expect(beijing).toMatchObject([{ kind: 'device', id: 3 }]);
    // Shifted onto GCJ-02 (supercluster keeps coordinates through Web Mercator, hence the rounding).
    expect(beijing[0]!.lng).toBeCloseTo(lng, 9);
    expect(beijing[0]!.lat).toBeCloseTo(lat, 9);
    const cluster = all.find((i) => i.kind === 'cluster');
    expect(await index.expansionZoom(cluster!.kind === 'cluster' ? cluster!.clusterId : 0)).toBeGreaterThan(5);
    index.dispose();
  });
});
