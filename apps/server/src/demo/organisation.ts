import type { RoleCode } from '@cvrisk/contracts';
import type { CityKey } from './places.js';

export type DealerSpec = { name: string; city: CityKey; /** The badge the 4S shop sells. */ brand: string };

export type FinanceSpec = {
  name: string;
  province: string;
  city: string;
  /** Starts every contract number of the institution. */
  contractPrefix: string;
  dealers: DealerSpec[];
  installer: { name: string; province: string; city: string };
  /** Its recovery company (追车公司, issue 32). */
  recovery: { name: string; province: string; city: string };
};

export const PLATFORM = { name: '车联网风控平台运营中心', province: '北京市', city: '北京市' };

/** Two finance institutions, each with three dealers in different cities, one installer company and one recovery company. */
export const FINANCE: FinanceSpec[] = [
  {
    name: '华信汽车金融有限公司', province: '上海市', city: '上海市', contractPrefix: 'HX',
    dealers: [
      { name: '杭州宝龙奥迪4S店', city: 'hangzhou', brand: '奥迪' },
      { name: '苏州中升丰田4S店', city: 'suzhou', brand: '丰田' },
      { name: '合肥瑞鑫大众4S店', city: 'hefei', brand: '大众' },
    ],
    installer: { name: '杭州途安车联网安装服务有限公司', province: '浙江省', city: '杭州市' },
    recovery: { name: '杭州鹰眼资产保全服务有限公司', province: '浙江省', city: '杭州市' },
  },
  {
    name: '安达融资租赁有限公司', province: '广东省', city: '深圳市', contractPrefix: 'AD',
    dealers: [
      { name: '广州粤宝宝马4S店', city: 'guangzhou', brand: '宝马' },
      { name: '成都港宏比亚迪4S店', city: 'chengdu', brand: '比亚迪' },
      { name: '武汉恒信奔驰4S店', city: 'wuhan', brand: '奔驰' },
    ],
    installer: { name: '广州速装车联科技有限公司', province: '广东省', city: '广州市' },
    recovery: { name: '广州安盾车辆追回服务有限公司', province: '广东省', city: '广州市' },
  },
];

/** Where an account sits: the platform, or a finance institution and optionally one of its units. */
export type AccountPlace =
  | { kind: 'platform' }
  | { kind: 'finance'; finance: number }
  | { kind: 'installer'; finance: number }
  | { kind: 'recovery'; finance: number }
  | { kind: 'dealer'; finance: number; dealer: number };

export type AccountSpec = { username: string; realname: string; role: RoleCode; place: AccountPlace };

/** The sign-in accounts; the first six are the ones the README walks through. */
export const ACCOUNTS: AccountSpec[] = [
  { username: 'admin', realname: '陈建国', role: 'platformAdmin', place: { kind: 'platform' } },
  { username: 'finance1', realname: '李明辉', role: 'financeManager', place: { kind: 'finance', finance: 0 } },
  { username: 'operator1', realname: '张晓燕', role: 'financeOperator', place: { kind: 'finance', finance: 0 } },
  { username: 'dealer1', realname: '刘洋', role: 'dealerStaff', place: { kind: 'dealer', finance: 0, dealer: 0 } },
  { username: 'dealer2', realname: '赵婷婷', role: 'dealerStaff', place: { kind: 'dealer', finance: 0, dealer: 1 } },
  { username: 'installer1', realname: '孙国强', role: 'installer', place: { kind: 'installer', finance: 0 } },
  { username: 'dealer3', realname: '郑凯', role: 'dealerStaff', place: { kind: 'dealer', finance: 0, dealer: 2 } },
  { username: 'finance2', realname: '周文静', role: 'financeManager', place: { kind: 'finance', finance: 1 } },
  { username: 'operator2', realname: '吴海涛', role: 'financeOperator', place: { kind: 'finance', finance: 1 } },
  { username: 'dealer4', realname: '黄丽娟', role: 'dealerStaff', place: { kind: 'dealer', finance: 1, dealer: 0 } },
  { username: 'dealer5', realname: '何志强', role: 'dealerStaff', place: { kind: 'dealer', finance: 1, dealer: 1 } },
  { username: 'dealer6', realname: '罗雪梅', role: 'dealerStaff', place: { kind: 'dealer', finance: 1, dealer: 2 } },
  { username: 'installer2', realname: '马俊', role: 'installer', place: { kind: 'installer', finance: 1 } },
  { username: 'recovery1', realname: '钱伟', role: 'recoveryAgent', place: { kind: 'recovery', finance: 0 } },
  { username: 'recovery2', realname: '冯磊', role: 'recoveryAgent', place: { kind: 'recovery', finance: 1 } },
];

/** The department name an account belongs to, for banners and the README. */
export function placeName(place: AccountPlace): string {
  if (place.kind === 'platform') return PLATFORM.name;
  const f = FINANCE[place.finance] as FinanceSpec;
  if (place.kind === 'finance') return f.name;
  if (place.kind === 'installer') return f.installer.name;
  if (place.kind === 'recovery') return f.recovery.name;
  return (f.dealers[place.dealer] as DealerSpec).name;
}
