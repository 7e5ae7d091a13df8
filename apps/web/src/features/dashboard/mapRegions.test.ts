import { describe, expect, it } from 'vitest';
import { prepareOutlines } from '../../components/map/outlineGeometry';
import { fillOf, NO_CARS_FILL, placeLabels, regionsOf, shortName } from './mapRegions';

const square = (x: number, y: number, size: number) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
const feature = (name: string, level: string, x: number, y: number, size: number, province?: string) => ({
  type: 'Feature' as const,
  properties: { name, level, ...(province ? { province } : {}) },
  geometry: { type: 'Polygon' as const, coordinates: [square(x, y, size)] },
});

const outlines = prepareOutlines({
  type: 'FeatureCollection',
  features: [
    feature('浙江省', 'province', 118, 27, 4),
    feature('北京市', 'province', 115, 39, 2),
    feature('杭州市', 'city', 118, 29, 2, '浙江省'),
    feature('宁波市', 'city', 120, 29, 2, '浙江省'),
    // Its islands reach far south of the province: the view frames the province, not them.
    feature('三沙市', 'city', 111, 4, 1, '海南省'),
  ],
});

describe('regionsOf', () => {
  it('shows every province, framed together', () => {
    const view = regionsOf(outlines, null)!;
    expect(view.regions.map((r) => r.name).sort()).toEqual(['北京市', '浙江省']);
    expect(view.bounds).toEqual([[27, 115], [41, 122]]);
    expect(view.regions.find((r) => r.name === '北京市')!.rings[0]![1]).toEqual([39, 117]);
  });

  it("drills into a province's own cities, framed by the province", () => {
    const view = regionsOf(outlines, '浙江省')!;
    expect(view.regions.map((r) => r.name)).toEqual(['杭州市', '宁波市']);
    expect(view.bounds).toEqual([[27, 118], [31, 122]]);
  });

  it('shows a municipality as its own one city, and nothing for an unknown province', () => {
    expect(regionsOf(outlines, '北京市')!.regions.map((r) => r.name)).toEqual(['北京市']);
    expect(regionsOf(outlines, '火星省')).toBeNull();
  });
});

describe('map labels and colours', () => {
  it('shortens province names for the national map', () => {
    expect(['浙江省', '北京市', '内蒙古自治区', '广西壮族自治区', '香港特别行政区'].map(shortName)).toEqual(['浙江', '北京', '内蒙古', '广西', '香港']);
  });

  it('colours no cars apart, and more cars brighter up to the most', () => {
    expect(fillOf(0, 100)).toBe(NO_CARS_FILL);
    expect(fillOf(100, 100)).toBe('rgb(112, 240, 255)');
    const blue = (c: string) => Number(c.split(', ')[2]!.replace(')', ''));
    expect(blue(fillOf(1, 100))).toBeLessThan(blue(fillOf(30, 100)));
  });

  it('places labels in order, leaving out those that would overlap one placed or leave the map', () => {
    const box = (name: string, x: number) => ({ name, x, y: 50, width: 40, height: 16 });
    expect(placeLabels([box('a', 100), box('b', 130), box('c', 141), box('d', 5)], 300, 100).map((b) => b.name)).toEqual(['a', 'c']);
  });
});
