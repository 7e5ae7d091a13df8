import type { Rng } from './random.js';

export type Brand = {
  name: string;
  /** Pinyin initial, as brand pickers in Chinese apps group by it. */
  initial: string;
  /** World manufacturer identifier of the Chinese plant that builds it. */
  wmi: string;
  models: string[];
  /** Models built by another joint venture under the same badge. */
  wmiByModel?: Record<string, string>;
  /** Loan size: 1 economy, 2 mid-range, 3 premium. */
  tier: 1 | 2 | 3;
  /** New-energy cars get green plates: D pure electric, F hybrid / range extender. */
  nev?: 'D' | 'F' | 'DF';
};

/** Common cars on Chinese roads, with the WMI their VINs really start with. */
export const BRANDS: Brand[] = [
  { name: '比亚迪', initial: 'B', wmi: 'LGX', tier: 1, nev: 'DF', models: ['秦PLUS', '汉', '宋PLUS', '元PLUS', '海豚', '唐'] },
  { name: '吉利', initial: 'J', wmi: 'L6T', tier: 1, models: ['星越L', '帝豪', '博越L', '星瑞', '银河L7'] },
  { name: '长安', initial: 'C', wmi: 'LS5', tier: 1, models: ['CS75PLUS', 'UNI-K', '逸动', 'CS55PLUS'] },
  {
    name: '大众', initial: 'D', wmi: 'LSV', tier: 2, models: ['朗逸', '帕萨特', '途观L', '速腾', '迈腾'],
    wmiByModel: { 速腾: 'LFV', 迈腾: 'LFV' },
  },
  {
    name: '丰田', initial: 'F', wmi: 'LVG', tier: 2, models: ['卡罗拉', '凯美瑞', 'RAV4荣放', '汉兰达', '雷凌'],
    wmiByModel: { 卡罗拉: 'LFM', RAV4荣放: 'LFM' },
  },
  {
    name: '本田', initial: 'B', wmi: 'LHG', tier: 2, models: ['雅阁', '思域', 'CR-V', '飞度'],
    wmiByModel: { 思域: 'LVH', 'CR-V': 'LVH' },
  },
  { name: '日产', initial: 'R', wmi: 'LGB', tier: 1, models: ['轩逸', '天籁', '奇骏', '逍客'] },
  { name: '奥迪', initial: 'A', wmi: 'LFV', tier: 3, models: ['A4L', 'A6L', 'Q5L', 'Q3'] },
  { name: '宝马', initial: 'B', wmi: 'LBV', tier: 3, models: ['3系', '5系', 'X3', 'X1'] },
  { name: '奔驰', initial: 'B', wmi: 'LE4', tier: 3, models: ['C级', 'E级', 'GLC', 'GLB'] },
  { name: '特斯拉', initial: 'T', wmi: 'LRW', tier: 3, nev: 'D', models: ['Model 3', 'Model Y'] },
  { name: '理想', initial: 'L', wmi: 'LW4', tier: 3, nev: 'F', models: ['L6', 'L7', 'L8', 'L9'] },
  { name: '蔚来', initial: 'W', wmi: 'LJ1', tier: 3, nev: 'D', models: ['ES6', 'ET5', 'ES8', 'ET7'] },
  { name: '小鹏', initial: 'X', wmi: 'L1N', tier: 2, nev: 'D', models: ['P7', 'G6', 'G9', 'MONA M03'] },
  { name: '哈弗', initial: 'H', wmi: 'LGW', tier: 1, models: ['H6', '大狗', '枭龙MAX', '酷狗'] },
  { name: '红旗', initial: 'H', wmi: 'LFP', tier: 2, models: ['H5', 'HS5', 'H9', 'E-QM5'] },
  { name: '五菱', initial: 'W', wmi: 'LZW', tier: 1, nev: 'D', models: ['宏光MINIEV', '缤果', '星光'] },
  { name: '别克', initial: 'B', wmi: 'LSG', tier: 2, models: ['英朗', 'GL8', '昂科威', '君越'] },
  { name: '奇瑞', initial: 'Q', wmi: 'LVV', tier: 1, models: ['瑞虎8', '瑞虎7', '艾瑞泽8', '瑞虎5x'] },
  { name: '广汽传祺', initial: 'G', wmi: 'LMG', tier: 1, models: ['GS4', 'M8', '影豹', 'GS8'] },
  { name: '雪佛兰', initial: 'X', wmi: 'LSG', tier: 1, models: ['科鲁泽', '迈锐宝XL', '探界者'] },
  { name: '马自达', initial: 'M', wmi: 'LVR', tier: 1, models: ['CX-5', '阿特兹', '昂克赛拉', 'CX-30'] },
  { name: '福特', initial: 'F', wmi: 'LVS', tier: 2, models: ['蒙迪欧', '锐际', '探险者', '福克斯'] },
  { name: '领克', initial: 'L', wmi: 'L6T', tier: 2, models: ['01', '03', '06', '08'] },
  { name: '荣威', initial: 'R', wmi: 'LSJ', tier: 1, models: ['RX5', 'i5', 'D7'] },
  { name: '坦克', initial: 'T', wmi: 'LGW', tier: 3, models: ['300', '400', '500'] },
];

export const brandByName = (name: string): Brand => {
  const b = BRANDS.find((x) => x.name === name);
  if (!b) throw new Error(`unknown brand ${name}`);
  return b;
};

export const wmiOf = (brand: Brand, model: string) => brand.wmiByModel?.[model] ?? brand.wmi;

/** ISO 3779 / GB 16735 transliteration; I, O and Q never appear in a VIN. */
const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

const vinValue = (ch: string) => (/\d/.test(ch) ? Number(ch) : VIN_VALUES[ch]);

/** The check character (position 9) of a 17-character VIN; whatever sits at position 9 is ignored. */
export function vinCheckDigit(vin: string): string {
  if (vin.length !== 17) throw new Error(`VIN must have 17 characters: ${vin}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = vinValue(vin[i] as string);
    if (v === undefined) throw new Error(`invalid VIN character ${vin[i]} in ${vin}`);
    sum += v * (VIN_WEIGHTS[i] as number);
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export const isValidVin = (vin: string) =>
  /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && vinCheckDigit(vin) === vin[8];

/** Position-10 codes: a 30-year cycle that skips I, O, Q, U, Z and 0. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export function modelYearCode(year: number): string {
  return YEAR_CODES[(((year - 2010) % 30) + 30) % 30] as string;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/**
 * A VIN: WMI, five descriptor characters, the check digit, model year, plant, six-digit serial.
 * Serials are kept unique across the data set so frame numbers never collide.
 */
export function makeVin(rng: Rng, wmi: string, modelYear: number, usedSerials: Set<string>): string {
  let vds = '';
  for (let i = 0; i < 5; i++) vds += rng.pick([...VIN_CHARS]);
  const plant = rng.pick([...VIN_CHARS.slice(0, 23)]);
  let serial: string;
  do serial = rng.digits(6);
  while (usedSerials.has(serial));
  usedSerials.add(serial);
  const draft = `${wmi}${vds}0${modelYearCode(modelYear)}${plant}${serial}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A plate without the separating dot: 浙AD12345 (green, new-energy) or 苏E3K7Q2 style. */
export function makePlate(rng: Rng, provinceShort: string, cityLetter: string, brand: Brand): string {
  if (brand.nev) {
    const kind = brand.nev === 'DF' ? rng.pick(['D', 'F']) : brand.nev;
    return provinceShort + cityLetter + kind + rng.digits(5);
  }
  // Ordinary plates mix up to two letters into the five characters.
  const chars = rng.digits(5).split('');
  const letters = rng.int(0, 2);
  for (let i = 0; i < letters; i++) chars[rng.int(0, 4)] = rng.pick([...PLATE_LETTERS]);
  return provinceShort + cityLetter + chars.join('');
}

/** White dominates Chinese car colours, black next. */
const COLOURS = ['白色', '白色', '白色', '黑色', '黑色', '灰色', '银色', '蓝色', '红色'];

export const carColour = (rng: Rng) => rng.pick(COLOURS);
