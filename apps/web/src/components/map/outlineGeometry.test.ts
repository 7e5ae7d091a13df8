import { describe, expect, it } from 'vitest';
import { containsPoint, placeAt, prepareOutlines } from './outlineGeometry';

const square = (x: number, y: number, size: number) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];

describe('prepareOutlines', () => {
  const features = prepareOutlines({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { name: '甲省', level: 'province' }, geometry: { type: 'MultiPolygon', coordinates: [[square(100, 30, 1)], [square(110, 20, 4)]] } },
      { type: 'Feature', properties: { name: '乙市', level: 'city', province: '甲省' }, geometry: { type: 'Polygon', coordinates: [square(120, 30, 2), square(120.5, 30.5, 0.5)] } },
    ],
  });

  it('puts cities first, so that provinces draw over them', () => {
    expect(features.map((f) => [f.name, f.province])).toEqual([['乙市', false], ['甲省', true]]);
  });

  it("keeps a city's province, for drilling down from a province to its cities", () => {
    expect(features.map((f) => f.parent)).toEqual(['甲省', null]);
  });

  it('labels a feature at the centre of its largest part and boxes all its parts', () => {
    const province = features[1]!;
    expect(province.label).toEqual([112, 22]);
    expect(province.bbox).toEqual([100, 20, 114, 31]);
  });

  it('keeps holes as rings of their own, flattened', () => {
    const city = features[0]!;
    expect(city.rings).toHaveLength(2);
    expect([...city.rings[1]!.slice(0, 4)]).toEqual([120.5, 30.5, 121, 30.5]);
    expect(city.label).toEqual([121, 31]);
  });
});

describe('placeAt', () => {
  const features = prepareOutlines({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { name: '甲省', level: 'province' }, geometry: { type: 'Polygon', coordinates: [square(118, 28, 6)] } },
      { type: 'Feature', properties: { name: '乙市', level: 'city', province: '甲省' }, geometry: { type: 'Polygon', coordinates: [square(120, 30, 2), square(120.5, 30.5, 0.5)] } },
    ],
  });

  it('names the city and its province of a point inside the city', () => {
    expect(placeAt(features, 121.5, 31.5)).toEqual({ province: '甲省', city: '乙市' });
  });

  it('names only the province between its cities, and in a hole of a city', () => {
    expect(placeAt(features, 119, 29)).toEqual({ province: '甲省', city: null });
    expect(placeAt(features, 120.75, 30.75)).toEqual({ province: '甲省', city: null });
  });

  it('names nothing outside every outline', () => {
    expect(placeAt(features, 10, 10)).toEqual({ province: null, city: null });
    expect(containsPoint(features[1]!, 125, 29)).toBe(false);
  });
});
