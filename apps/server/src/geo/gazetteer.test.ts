import { describe, expect, it } from 'vitest';
import { districtList } from './districts.js';
import { cityAddress, reverseGeocode, searchPlaces } from './gazetteer.js';

describe('reverseGeocode', () => {
  it.each([
    ['West Lake', 120.13, 30.25, '浙江省杭州市西湖区'],
    ['Suzhou old town', 120.62, 31.3, '江苏省苏州市姑苏区'],
    ['Tiananmen, a municipality named once', 116.397, 39.909, '北京市东城区'],
    ['Zhongguancun', 116.31, 39.98, '北京市海淀区'],
    ['Lujiazui', 121.5, 31.235, '上海市浦东新区'],
    ['Guangzhou', 113.264, 23.129, '广东省广州市越秀区'],
    ['Lhasa', 91.117, 29.653, '西藏自治区拉萨市城关区'],
    ['Tsim Sha Tsui', 114.17, 22.3, '香港特别行政区油尖旺区'],
    ['Zhoushan island', 122.2, 30.0, '浙江省舟山市定海区'],
    ['Dongguan, a city without districts', 113.75, 23.02, '广东省东莞市'],
    ['Taipei, where only cities are known', 121.56, 25.04, '台湾省台北市'],
  ])('names %s', (_, lng, lat, address) => {
    expect(reverseGeocode(lng, lat)?.address).toBe(address);
  });

  it('gives province, city and district apart', () => {
    expect(reverseGeocode(120.13, 30.25)).toEqual({ address: '浙江省杭州市西湖区', province: '浙江省', city: '杭州市', district: '西湖区' });
    expect(reverseGeocode(113.75, 23.02)).toEqual({ address: '广东省东莞市', province: '广东省', city: '东莞市', district: null });
  });

  it('tells the stops of a day in one city apart', () => {
    // Home in 余杭, work in 滨江, a client in 萧山, lunch by the lake, shopping in 上城: once all "浙江省杭州市".
    const stops = [[120.3, 30.42], [120.21, 30.2], [120.27, 30.16], [120.13, 30.25], [120.17, 30.24]] as const;
    expect(stops.map(([lng, lat]) => reverseGeocode(lng, lat)?.district)).toEqual(['余杭区', '滨江区', '萧山区', '西湖区', '上城区']);
    expect(stops.map(([lng, lat]) => cityAddress(lng, lat)?.address)).toEqual(Array(5).fill('浙江省杭州市'));
  });

  it('names each district at its seat', () => {
    // A handful of seats lie just across a border (沧县's in 沧州's town centre): all are in their own city.
    const named = districtList().filter((d) => d.name);
    const answers = named.map((d) => reverseGeocode(d.lng, d.lat));
    expect(named.length).toBeGreaterThan(2800);
    expect(answers.filter((a, i) => a?.district === named[i]!.name).length / named.length).toBeGreaterThan(0.99);
    expect(answers.every((a, i) => a && named[i]!.city.endsWith(a.city!))).toBe(true);
  });

  it('tells a city on either side of a border apart', () => {
    // Wujiang (Suzhou) and Jiaxing lie a few kilometres apart across the Jiangsu–Zhejiang border.
    expect(reverseGeocode(120.65, 30.95)?.city).toBe('苏州市');
    expect(reverseGeocode(120.75, 30.76)?.city).toBe('嘉兴市');
  });

  it('says "near" a city for a point off its coast', () => {
    expect(reverseGeocode(122.8, 29.9)).toEqual({ address: '浙江省舟山市附近', province: '浙江省', city: '舟山市', district: null });
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

  it('finds an autonomous prefecture by its short name, before the county-level city of the same name', () => {
    expect(searchPlaces('恩施').map((p) => p.fullName).slice(0, 2)).toEqual(['湖北省恩施土家族苗族自治州', '湖北省恩施土家族苗族自治州恩施市']);
  });

  it.each(['西湖区', '杭州西湖', '杭州市西湖区', '浙江杭州西湖', '浙江省杭州市西湖区'])('finds 杭州\'s 西湖区 for %s', (keyword) => {
    const places = searchPlaces(keyword);
    expect(places.find((p) => p.fullName === '浙江省杭州市西湖区')).toMatchObject({ name: '西湖区', level: 'district', source: 'gazetteer' });
    if (keyword !== '西湖区') expect(places[0]?.fullName).toBe('浙江省杭州市西湖区');
  });

  it('finds a district by its short name, a county by its name without its peoples', () => {
    expect(searchPlaces('余杭')[0]?.fullName).toBe('浙江省杭州市余杭区');
    expect(searchPlaces('北京海淀')[0]?.fullName).toBe('北京市海淀区');
    expect(searchPlaces('长阳')[0]?.fullName).toBe('湖北省宜昌市长阳土家族自治县');
    // Both 西湖区 there are: 南昌's and 杭州's.
    expect(searchPlaces('西湖区').map((p) => p.fullName)).toEqual(expect.arrayContaining(['江西省南昌市西湖区', '浙江省杭州市西湖区']));
  });

  it('keeps to the limit and finds nothing for an unknown name', () => {
    expect(searchPlaces('州', 3)).toHaveLength(3);
    expect(searchPlaces('不存在的地方')).toEqual([]);
    expect(searchPlaces('  ')).toEqual([]);
  });
});
