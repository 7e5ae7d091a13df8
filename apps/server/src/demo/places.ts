import type { Rng } from './random.js';

export type District = { name: string; /** GB/T 2260 code, the first 6 digits of an identity card. */ code: string };

export type City = {
  province: string;
  /** The one-character abbreviation that starts a plate: 浙, 苏 ... */
  provinceShort: string;
  city: string;
  /** City letter on plates registered there. */
  plateLetter: string;
  /** City centre, WGS-84. */
  lng: number;
  lat: number;
  districts: District[];
  streets: string[];
  /** Other cities of the province: many customers were registered at birth elsewhere in it. */
  provinceAreas: string[];
};

export type CityKey = 'hangzhou' | 'suzhou' | 'hefei' | 'guangzhou' | 'chengdu' | 'wuhan';

/** The dealers' cities. */
export const CITIES: Record<CityKey, City> = {
  hangzhou: {
    province: '浙江省', provinceShort: '浙', city: '杭州市', plateLetter: 'A', lng: 120.1551, lat: 30.2741,
    districts: [
      { name: '上城区', code: '330102' }, { name: '拱墅区', code: '330105' }, { name: '西湖区', code: '330106' },
      { name: '滨江区', code: '330108' }, { name: '萧山区', code: '330109' }, { name: '余杭区', code: '330110' },
    ],
    streets: ['文三路', '莫干山路', '延安路', '江南大道', '古墩路', '天目山路', '庆春路', '凤起路', '文一西路', '滨盛路'],
    provinceAreas: ['330203', '330302', '330602', '330702', '331002'],
  },
  suzhou: {
    province: '江苏省', provinceShort: '苏', city: '苏州市', plateLetter: 'E', lng: 120.5853, lat: 31.2990,
    districts: [
      { name: '虎丘区', code: '320505' }, { name: '吴中区', code: '320506' }, { name: '相城区', code: '320507' },
      { name: '姑苏区', code: '320508' }, { name: '吴江区', code: '320509' },
    ],
    streets: ['干将路', '人民路', '金鸡湖大道', '星湖街', '长江路', '东环路', '苏州大道东', '竹辉路', '狮山路', '现代大道'],
    provinceAreas: ['320102', '320211', '320402', '320602', '321002'],
  },
  hefei: {
    province: '安徽省', provinceShort: '皖', city: '合肥市', plateLetter: 'A', lng: 117.2272, lat: 31.8206,
    districts: [
      { name: '瑶海区', code: '340102' }, { name: '庐阳区', code: '340103' }, { name: '蜀山区', code: '340104' },
      { name: '包河区', code: '340111' },
    ],
    streets: ['长江中路', '金寨路', '徽州大道', '马鞍山路', '望江西路', '黄山路', '潜山路', '宁国路', '繁华大道', '芜湖路'],
    provinceAreas: ['340202', '340302', '341302', '341202', '340802'],
  },
  guangzhou: {
    province: '广东省', provinceShort: '粤', city: '广州市', plateLetter: 'A', lng: 113.2644, lat: 23.1291,
    districts: [
      { name: '荔湾区', code: '440103' }, { name: '越秀区', code: '440104' }, { name: '海珠区', code: '440105' },
      { name: '天河区', code: '440106' }, { name: '白云区', code: '440111' }, { name: '番禺区', code: '440113' },
    ],
    streets: ['天河路', '中山大道', '环市东路', '东风中路', '黄埔大道', '江南大道中', '广州大道北', '番禺大道', '工业大道', '白云大道'],
    provinceAreas: ['440303', '440604', '441302', '440402', '445102'],
  },
  chengdu: {
    province: '四川省', provinceShort: '川', city: '成都市', plateLetter: 'A', lng: 104.0665, lat: 30.5728,
    districts: [
      { name: '锦江区', code: '510104' }, { name: '青羊区', code: '510105' }, { name: '金牛区', code: '510106' },
      { name: '武侯区', code: '510107' }, { name: '成华区', code: '510108' },
    ],
    streets: ['人民南路', '天府大道', '蜀都大道', '红星路', '建设路', '武侯祠大街', '府青路', '科华北路', '一环路南一段', '羊西线'],
    provinceAreas: ['510703', '511302', '510402', '511102', '510502'],
  },
  wuhan: {
    province: '湖北省', provinceShort: '鄂', city: '武汉市', plateLetter: 'A', lng: 114.3054, lat: 30.5931,
    districts: [
      { name: '江岸区', code: '420102' }, { name: '江汉区', code: '420103' }, { name: '硚口区', code: '420104' },
      { name: '武昌区', code: '420106' }, { name: '洪山区', code: '420111' },
    ],
    streets: ['解放大道', '中山大道', '武珞路', '珞喻路', '建设大道', '中南路', '友谊大道', '雄楚大道', '光谷大道', '汉阳大道'],
    provinceAreas: ['420502', '420602', '421002', '420902', '421102'],
  },
};

/** '杭州市' → '杭州', as shop names use it. */
export const shortCity = (c: City) => c.city.replace(/市$/, '');

/** A street address in the city, district first, as Chinese addresses are written. */
export function streetAddress(rng: Rng, c: City, district: District = rng.pick(c.districts)): string {
  return `${c.province}${c.city}${district.name}${rng.pick(c.streets)}${rng.int(1, 999)}号`;
}

const KM_PER_DEG_LAT = 110.574;

/** A point km away from the centre on a random bearing; a flat-earth offset is fine at city scale. */
export function pointNear(rng: Rng, c: { lng: number; lat: number }, minKm: number, maxKm: number) {
  const d = rng.float(minKm, maxKm);
  const bearing = rng.float(0, 2 * Math.PI);
  return offsetKm(c, d * Math.sin(bearing), d * Math.cos(bearing));
}

/** The point east/north of the given one by the given km, rounded to about 0.1 m. */
export function offsetKm(c: { lng: number; lat: number }, eastKm: number, northKm: number) {
  const kmPerDegLng = 111.32 * Math.cos((c.lat * Math.PI) / 180);
  return { lng: round6(c.lng + eastKm / kmPerDegLng), lat: round6(c.lat + northKm / KM_PER_DEG_LAT) };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
