import { describe, expect, it } from 'vitest';
import { reverseGeocode, searchPlaces } from './gazetteer.js';

describe('reverseGeocode', () => {
  it.each([
    ['Hangzhou centre', 120.149, 30.29, '浙江省杭州市'],
    ['Suzhou old town', 120.62, 31.3, '江苏省苏州市'],
    ['Tiananmen, a municipality named once', 116.397, 39.909, '北京市'],
    ['Urumqi', 87.617, 43.826, '新疆维吾尔自治区乌鲁木齐市'],
    ['Guangzhou', 113.264, 23.129, '广东省广州市'],
    ['Lhasa', 91.117, 29.653, '西藏自治区拉萨市'],
    ['Hong Kong', 114.17, 22.3, '香港特别行政区'],
    ['Zhoushan island', 122.2, 30.0, '浙江省舟山市'],
  ])('names %s', (_, lng, lat, address) => {
    expect(reverseGeocode(lng, lat)?.address).toBe(address);
  });

  it('gives province and city apart', () => {
    expect(reverseGeocode(120.149, 30.29)).toEqual({ address: '浙江省杭州市', province: '浙江省', city: '杭州市' });
  });

  it('tells a city on either side of a border apart', () => {
    // Wujiang (Suzhou) and Jiaxing lie a few kilometres apart across the Jiangsu–Zhejiang border.
    expect(reverseGeocode(120.65, 30.95)?.city).toBe('苏州市');
    expect(reverseGeocode(120.75, 30.76)?.city).toBe('嘉兴市');
  });

  it('says "near" a city for a point off its coast', () => {
    expect(reverseGeocode(122.8, 29.9)).toEqual({ address: '浙江省舟山市附近', province: '浙江省', city: '舟山市' });
  });

  it('answers null far out at sea and far abroad', () => {
    expect(reverseGeocode(125, 25)).toBeNull();
    expect(reverseGeocode(150, 10)).toBeNull();
    expect(reverseGeocode(2.35, 48.85)).toBeNull();
  });

  it('names 100,000 points without a noticeable wait', () => {
    // Not a timing assert: a naive scan of every outline would take minutes; the index finishes this loop.
    // A 400 × 250 grid over inland China (104–116° E, 26–36° N): every point lies in some city.
    let inCity = 0;
    for (let i = 0; i < 100_000; i++) {
      const address = reverseGeocode(104 + (i % 400) * 0.03, 26 + Math.floor(i / 400) * 0.04)?.address;
      if (address && !address.endsWith('附近')) inCity++;
    }
    expect(inCity).toBe(100_000);
  });
});

describe('searchPlaces', () => {
  it.each(['杭州', '杭州市', '浙江杭州', '浙江省杭州市', '浙江省杭州'])('finds Hangzhou first for %s', (keyword) => {
    const [first] = searchPlaces(keyword);
    expect(first).toMatchObject({ name: '杭州市', fullName: '浙江省杭州市', level: 'city', source: 'gazetteer' });
    expect(first!.lng).toBeCloseTo(120.15, 1);
    expect(first!.lat).toBeCloseTo(30.29, 1);
  });

  it('finds a province before its cities', () => {
    const places = searchPlaces('浙江');
    expect(places[0]).toMatchObject({ fullName: '浙江省', level: 'province' });
    expect(places.slice(1).every((p) => p.fullName.startsWith('浙江省'))).toBe(true);
  });

  it('tells 吉林省 and 吉林市 apart', () => {
    expect(searchPlaces('吉林市')[0]?.fullName).toBe('吉林省吉林市');
    expect(searchPlaces('吉林')[0]?.fullName).toBe('吉林省');
  });

  it('lists a municipality once, as a city', () => {
    expect(searchPlaces('北京').map((p) => p.fullName)).toEqual(['北京市']);
  });

  it('finds an autonomous prefecture by its short name', () => {
    expect(searchPlaces('恩施')[0]?.fullName).toBe('湖北省恩施土家族苗族自治州');
  });

  it('keeps to the limit and finds nothing for an unknown name', () => {
    expect(searchPlaces('州', 3)).toHaveLength(3);
    expect(searchPlaces('不存在的地方')).toEqual([]);
    expect(searchPlaces('  ')).toEqual([]);
  });
});
