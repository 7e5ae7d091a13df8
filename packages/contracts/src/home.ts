import type { CustomerGrade } from './labels.js';
import type { RiskLevel, WarningTypeCode } from './warning.js';

/** Home-page counts (`/api/indexMonitoring/*`), all within the caller's scope. */
export type DeviceOnlineStats = {
  total: number;
  online: number;
  offline: number;
  never: number;
  wired: number;
  wireless: number;
};
export type CustomerCountStats = { total: number; overdue: number };
export type CarCountStats = { count: number };

/** Grace past the last report before a device counts as offline (server-behaviour §4). */
export const ONLINE_GRACE_MS = { 1: 10 * 60_000, 2: 26 * 3600_000 } as const;

/** `customerGrade`: customers per grade (server-behaviour §7), every grade present. */
export type CustomerGradeStats = Record<CustomerGrade, number>;

/** `alarmCount`: device alarms raised today and in the last 7 days (today included), and those still on. */
export type AlarmCountStats = { today: number; week: number; open: number };

/** `warningCount`: warnings raised today, unhandled of any age, and handled today (all Asia/Shanghai days). */
export type WarningCountStats = { today: number; unhandled: number; handledToday: number };

/** The days `warningCount7day` and `warningCount30day` cover, today included. */
export const WARNING_SERIES_DAYS = { week: 7, month: 30 } as const;

/** One Asia/Shanghai day of a warning series, split by risk level. */
export type WarningDayCount = { day: string } & Record<RiskLevelKey, number>;
export type RiskLevelKey = 'high' | 'medium' | 'low';
export const RISK_LEVEL_KEYS: Record<RiskLevel, RiskLevelKey> = { 1: 'high', 2: 'medium', 3: 'low' };

/** Oldest day first, one entry per day even when nothing happened. */
export type WarningDaySeries = { list: WarningDayCount[] };

/** `customerWarningStatistics`: per warning type, the unhandled warnings and the customers they concern. */
export type UnhandledTypeCount = { warningType: WarningTypeCode; warningTypeName: string; count: number; customers: number };
export type CustomerWarningStats = { list: UnhandledTypeCount[] };

/** `warningDetails`: per warning type, the unhandled warnings, how many are high, and the newest one's time. */
export type WarningTypeDetail = {
  warningType: WarningTypeCode;
  warningTypeName: string;
  unhandled: number;
  high: number;
  /** `YYYY-MM-DD HH:mm:ss`, or null when the type has no unhandled warning. */
  latestTime: string | null;
};
export type WarningDetailStats = { list: WarningTypeDetail[] };

/** The number of rows `warningListWeek` returns. */
export const WEEK_LIST_SIZE = 10;

export type WeekWarningItem = {
  id: number;
  warningType: WarningTypeCode;
  warningTypeName: string;
  deviceNumber: string;
  customerName: string | null;
  riskLevel: RiskLevel;
  dealStatus: 0 | 1;
  warningTime: string;
};
/** `warningListWeek`: this week's (Monday 00:00 Asia/Shanghai on) warnings: their count and the newest few. */
export type WarningListWeek = { count: number; list: WeekWarningItem[] };

/** `carProvinceCount`: cars per province bound to them (the region the leaving-region rule guards), most first. */
export type ProvinceCount = { province: string; count: number };
export type CarProvinceStats = { list: ProvinceCount[] };
