import { CITIES } from '../../demo/places.js';

export type Place = { lng: number; lat: number };
export type CityRef = Place & { city: string; province: string };

/** Where a dealer city's cars go: day trips within the province, and cities across its border. */
type Surroundings = { near: CityRef[]; away: CityRef[] };

const c = (city: string, province: string, lng: number, lat: number): CityRef => ({ city, province, lng, lat });
const SHANGHAI = c('上海市', '上海市', 121.4737, 31.2304);
const JIAXING = c('嘉兴市', '浙江省', 120.7555, 30.7462);
const NANJING = c('南京市', '江苏省', 118.7969, 32.0603);
const JIUJIANG = c('九江市', '江西省', 115.9929, 29.712);

/** City centres, WGS-84, to a few hundred metres: plenty for where a car spends a weekend. */
const SURROUNDINGS: Record<string, Surroundings> = {
  杭州市: {
    near: [c('宁波市', '浙江省', 121.5503, 29.8746), c('绍兴市', '浙江省', 120.5821, 30.0303), JIAXING, c('湖州市', '浙江省', 120.0868, 30.8941)],
    away: [SHANGHAI, c('黄山市', '安徽省', 118.3375, 29.7147), c('苏州市', '江苏省', 120.5853, 31.299)],
  },
  苏州市: {
    near: [c('无锡市', '江苏省', 120.3119, 31.4912), c('常州市', '江苏省', 119.9741, 31.8112), c('南通市', '江苏省', 120.8943, 31.9808)],
    away: [SHANGHAI, JIAXING, c('湖州市', '浙江省', 120.0868, 30.8941)],
  },
  合肥市: {
    near: [c('六安市', '安徽省', 116.522, 31.7337), c('淮南市', '安徽省', 117.0183, 32.6255), c('芜湖市', '安徽省', 118.4331, 31.3525), c('安庆市', '安徽省', 117.0635, 30.543)],
    away: [NANJING, JIUJIANG],
  },
  广州市: {
    near: [c('佛山市', '广东省', 113.1214, 23.0215), c('东莞市', '广东省', 113.7518, 23.0205), c('中山市', '广东省', 113.3926, 22.5176), c('清远市', '广东省', 113.056, 23.6817)],
    away: [c('梧州市', '广西壮族自治区', 111.2791, 23.477), c('郴州市', '湖南省', 113.0149, 25.7706)],
  },
  成都市: {
    near: [c('德阳市', '四川省', 104.398, 31.127), c('眉山市', '四川省', 103.8485, 30.0754), c('资阳市', '四川省', 104.6276, 30.1289), c('绵阳市', '四川省', 104.6796, 31.4675)],
    away: [c('重庆市', '重庆市', 106.5516, 29.563)],
  },
  武汉市: {
    near: [c('孝感市', '湖北省', 113.9569, 30.9179), c('鄂州市', '湖北省', 114.8949, 30.3911), c('黄冈市', '湖北省', 114.8724, 30.4537), c('咸宁市', '湖北省', 114.3225, 29.8413)],
    away: [JIUJIANG, c('岳阳市', '湖南省', 113.1289, 29.357), c('信阳市', '河南省', 114.0913, 32.147)],
  },
};

export type HomeCity = CityRef & Surroundings;

/**
 * A dealer city the simulator knows: its centre and surroundings. Null for a city it does not know,
 * whose cars are then left out of the simulation rather than placed somewhere made up.
 */
export function homeCity(city: string | null): HomeCity | null {
  const known = Object.values(CITIES).find((k) => k.city === city);
  const around = city ? SURROUNDINGS[city] : undefined;
  if (!known || !around) return null;
  return { city: known.city, province: known.province, lng: known.lng, lat: known.lat, ...around };
}
