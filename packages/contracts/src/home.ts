import { z } from 'zod';
import { defineCall } from './api/call.js';
import { CustomerGrades, DeviceKind } from './labels.js';
import type { Permission } from './permissions.js';
import { DealStatus, RiskLevel, WARNING_TYPE_CODES } from './warning.js';

/** Home-page counts (`/api/indexMonitoring/*`), all within the caller's scope. */
export const DeviceOnlineStats = z.object({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  never: z.number(),
  wired: z.number(),
  wireless: z.number(),
});
export type DeviceOnlineStats = z.infer<typeof DeviceOnlineStats>;
export const CustomerCountStats = z.object({ total: z.number(), overdue: z.number() });
export type CustomerCountStats = z.infer<typeof CustomerCountStats>;
export const CarCountStats = z.object({ count: z.number() });
export type CarCountStats = z.infer<typeof CarCountStats>;

/** Grace past the last report before a device counts as offline (server-behaviour §4). */
export const ONLINE_GRACE_MS = { [DeviceKind.wired]: 10 * 60_000, [DeviceKind.wireless]: 26 * 3600_000 } as const;

/** The grace of a device of this kind; anything not wired is treated as a tracker. */
export const onlineGraceMs = (kind: number): number => ONLINE_GRACE_MS[kind === DeviceKind.wired ? DeviceKind.wired : DeviceKind.wireless];

/** `customerGrade`: customers per grade (server-behaviour §7), every grade present. */
export const CustomerGradeStats = z.object(Object.fromEntries(CustomerGrades.map((g) => [g, z.number()])) as Record<(typeof CustomerGrades)[number], z.ZodNumber>);
export type CustomerGradeStats = z.infer<typeof CustomerGradeStats>;

/** `alarmCount`: device alarms raised today and in the last 7 days (today included), and those still on. */
export const AlarmCountStats = z.object({ today: z.number(), week: z.number(), open: z.number() });
export type AlarmCountStats = z.infer<typeof AlarmCountStats>;

/** `warningCount`: warnings raised today, unhandled of any age, and handled today (all Asia/Shanghai days). */
export const WarningCountStats = z.object({ today: z.number(), unhandled: z.number(), handledToday: z.number() });
export type WarningCountStats = z.infer<typeof WarningCountStats>;

/** The days `warningCount7day` and `warningCount30day` cover, today included. */
export const WARNING_SERIES_DAYS = { week: 7, month: 30 } as const;

export type RiskLevelKey = 'high' | 'medium' | 'low';
export const RISK_LEVEL_KEYS: Record<RiskLevel, RiskLevelKey> = { 1: 'high', 2: 'medium', 3: 'low' };

/** One Asia/Shanghai day of a warning series, split by risk level. */
export const WarningDayCount = z.object({ day: z.string(), high: z.number(), medium: z.number(), low: z.number() });
export type WarningDayCount = z.infer<typeof WarningDayCount>;

/** Oldest day first, one entry per day even when nothing happened. */
export const WarningDaySeries = z.object({ list: z.array(WarningDayCount) });
export type WarningDaySeries = z.infer<typeof WarningDaySeries>;

const WarningTypeCodeReply = z.literal(WARNING_TYPE_CODES);

/** `customerWarningStatistics`: per warning type, the unhandled warnings and the customers they concern. */
export const UnhandledTypeCount = z.object({ warningType: WarningTypeCodeReply, warningTypeName: z.string(), count: z.number(), customers: z.number() });
export type UnhandledTypeCount = z.infer<typeof UnhandledTypeCount>;
export const CustomerWarningStats = z.object({ list: z.array(UnhandledTypeCount) });
export type CustomerWarningStats = z.infer<typeof CustomerWarningStats>;

/** `warningDetails`: per warning type, the unhandled warnings, how many are high, and the newest one's time. */
export const WarningTypeDetail = z.object({
  warningType: WarningTypeCodeReply,
  warningTypeName: z.string(),
  unhandled: z.number(),
  high: z.number(),
  /** `YYYY-MM-DD HH:mm:ss`, or null when the type has no unhandled warning. */
  latestTime: z.string().nullable(),
});
export type WarningTypeDetail = z.infer<typeof WarningTypeDetail>;
export const WarningDetailStats = z.object({ list: z.array(WarningTypeDetail) });
export type WarningDetailStats = z.infer<typeof WarningDetailStats>;

/** The number of rows `warningListWeek` returns. */
export const WEEK_LIST_SIZE = 10;

export const WeekWarningItem = z.object({
  id: z.number(),
  warningType: WarningTypeCodeReply,
  warningTypeName: z.string(),
  deviceNumber: z.string(),
  customerName: z.string().nullable(),
  riskLevel: RiskLevel,
  dealStatus: DealStatus,
  warningTime: z.string(),
});
export type WeekWarningItem = z.infer<typeof WeekWarningItem>;
/** `warningListWeek`: this week's (Monday 00:00 Asia/Shanghai on) warnings: their count and the newest few. */
export const WarningListWeek = z.object({ count: z.number(), list: z.array(WeekWarningItem) });
export type WarningListWeek = z.infer<typeof WarningListWeek>;

/** `carProvinceCount`: cars per province bound to them (the region the leaving-region rule guards), most first. */
export const ProvinceCount = z.object({ province: z.string(), count: z.number() });
export type ProvinceCount = z.infer<typeof ProvinceCount>;
export const CarProvinceStats = z.object({ list: z.array(ProvinceCount) });
export type CarProvinceStats = z.infer<typeof CarProvinceStats>;

/** `carCityCount`: one bound province's cars per bound city, most first; a province nobody is bound to has none. */
export const CarCityQuery = z.object({ province: z.string().trim().min(1, '请选择省份').max(30, '最多30个字符') });
export type CarCityQuery = z.infer<typeof CarCityQuery>;
export const CityCount = z.object({ city: z.string(), count: z.number() });
export type CityCount = z.infer<typeof CityCount>;
export const CarCityStats = z.object({ list: z.array(CityCount) });
export type CarCityStats = z.infer<typeof CarCityStats>;

/**
 * One figure: each needs the permission of the screen it summarises (warning and alarm figures
 * `warning:view`, customer figures `customer:view`); device and car counts any signed-in user.
 */
const figure = <const N extends string, const A extends Permission | 'signedIn', R extends z.ZodType>(name: N, summary: string, access: A, reply: R) =>
  defineCall({ method: 'GET', path: `/api/indexMonitoring/${name}`, summary, tag: '首页', access, reply });

export const HomeCalls = {
  deviceOnline: figure('deviceOnline', '设备在线、离线、从未上报数，有线与无线数', 'signedIn', DeviceOnlineStats),
  carCount: figure('carCount', '车辆数', 'signedIn', CarCountStats),
  carProvinceCount: figure('carProvinceCount', '各省车辆数（按绑定省份），多的在前', 'signedIn', CarProvinceStats),
  carCityCount: defineCall({
    method: 'GET',
    path: '/api/indexMonitoring/carCityCount',
    summary: '某省各市车辆数（按绑定城市），多的在前',
    tag: '首页',
    access: 'signedIn',
    query: CarCityQuery,
    reply: CarCityStats,
  }),
  customerCount: figure('customerCount', '客户数与逾期客户数', 'customer:view', CustomerCountStats),
  customerGrade: figure('customerGrade', '各等级客户数', 'customer:view', CustomerGradeStats),
  alarmCount: figure('alarmCount', '今日、近7天与未结束的设备报警数', 'warning:view', AlarmCountStats),
  warningCount: figure('warningCount', '今日预警、未处理预警与今日已处理数', 'warning:view', WarningCountStats),
  warningCount7day: figure('warningCount7day', '近7天每日预警数（按风险等级）', 'warning:view', WarningDaySeries),
  warningCount30day: figure('warningCount30day', '近30天每日预警数（按风险等级）', 'warning:view', WarningDaySeries),
  customerWarningStatistics: figure('customerWarningStatistics', '各预警类型的未处理预警数与涉及客户数', 'warning:view', CustomerWarningStats),
  warningDetails: figure('warningDetails', '各预警类型的未处理、高风险数与最新时间', 'warning:view', WarningDetailStats),
  warningListWeek: figure('warningListWeek', '本周预警数与最新10条', 'warning:view', WarningListWeek),
};
