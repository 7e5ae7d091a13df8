import { describe, expect, it } from 'vitest';
import { datumToWgs, wgsToDatum } from './datum';

// Tian'anmen: the WGS-84 point and the GCJ-02 point AMap shows for it (published pair, within ~1 m).
const WGS: [number, number] = [116.397428, 39.90923];
const GCJ: [number, number] = [116.403664, 39.910627];
const ONE_METRE = 1e-5;

describe('datum conversion', () => {
  it('shifts a point in China onto the AMap (GCJ-02) datum', () => {
    const [lng, lat] = wgsToDatum(...WGS, 'gcj02');
    expect(Math.abs(lng - GCJ[0])).toBeLessThan(2 * ONE_METRE);
    expect(Math.abs(lat - GCJ[1])).toBeLessThan(2 * ONE_METRE);
  });

  it('brings an AMap point back to WGS-84', () => {
    const [lng, lat] = datumToWgs(...GCJ, 'gcj02');
    expect(Math.abs(lng - WGS[0])).toBeLessThan(2 * ONE_METRE);
    expect(Math.abs(lat - WGS[1])).toBeLessThan(2 * ONE_METRE);
  });

  it('round-trips to within a metre', () => {
    for (const p of [WGS, [121.4737, 31.2304], [87.6168, 43.8256], [113.2644, 23.1291]] as [number, number][]) {
      const [x, y] = datumToWgs(...wgsToDatum(...p, 'gcj02'), 'gcj02');
      expect(Math.abs(x - p[0])).toBeLessThan(ONE_METRE);
      expect(Math.abs(y - p[1])).toBeLessThan(ONE_METRE);
    }
  });

  it('leaves WGS-84 layers and points outside China unchanged', () => {
    expect(wgsToDatum(...WGS, 'wgs84')).toEqual(WGS);
    expect(datumToWgs(...GCJ, 'wgs84')).toEqual(GCJ);
    expect(wgsToDatum(2.35, 48.85, 'gcj02')).toEqual([2.35, 48.85]);
  });
});
