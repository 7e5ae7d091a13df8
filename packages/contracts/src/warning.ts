import { z } from 'zod';
import { int } from './fields.js';
import type { Label } from './labels.js';

/**
 * A code from a fixed set of whole numbers (a type, a status), strict as `int` is: `true`, `"0x1"`
 * and `" 1 "` are refused, a query string's `"1"` is 1.
 */
export function codeOf<const T extends readonly number[]>(codes: T) {
  // Bounds wide open: a code out of the set is told the codes it may be, not a bound.
  return int({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).pipe(z.literal(codes));
}

/** 1 high (高), 2 medium (中), 3 low (低): server-behaviour §5. */
export const RISK_LEVEL = { high: 1, medium: 2, low: 3 } as const;
export const RiskLevel = z.literal([RISK_LEVEL.high, RISK_LEVEL.medium, RISK_LEVEL.low]);
export type RiskLevel = z.infer<typeof RiskLevel>;

/** 0 unhandled (未处理), 1 handled (已处理), in replies. */
export const DEAL_STATUS = { unhandled: 0, handled: 1 } as const;
export const DealStatus = z.literal([DEAL_STATUS.unhandled, DEAL_STATUS.handled]);
export type DealStatus = z.infer<typeof DealStatus>;

/**
 * The eleven warning types of server-behaviour §5, in the order of its table; the code is what
 * `warningType` carries in every call, export and event.
 */
export const WARNING_TYPES = {
  offline: { code: 1, zh: '离线预警', en: 'Offline', level: 2 },
  powerCut: { code: 2, zh: '断电预警', en: 'Power cut', level: 1 },
  removal: { code: 3, zh: '拆除预警', en: 'Removal', level: 1 },
  riskPointStay: { code: 4, zh: '二押点预警', en: 'Risk-point stay', level: 1 },
  leftRegion: { code: 5, zh: '出省预警', en: 'Left region', level: 2 },
  longStay: { code: 6, zh: '长时间停留预警', en: 'Long stay', level: 2 },
  separation: { code: 7, zh: '设备分离预警', en: 'Device separation', level: 1 },
  fence: { code: 8, zh: '围栏预警', en: 'Fence', level: 2 },
  residenceChange: { code: 9, zh: '常驻地变更预警', en: 'Residence change', level: 2 },
  abnormalMove: { code: 10, zh: '异动预警', en: 'Abnormal move', level: 1 },
  lowBattery: { code: 11, zh: '低电量预警', en: 'Low battery', level: 3 },
} as const satisfies Record<string, Label & { code: number; level: RiskLevel }>;

export type WarningTypeKey = keyof typeof WARNING_TYPES;
export type WarningTypeCode = (typeof WARNING_TYPES)[WarningTypeKey]['code'];

export const WARNING_TYPE_CODES = Object.values(WARNING_TYPES).map((t) => t.code) as WarningTypeCode[];

/** A warning type code in a reply. */
export const WarningTypeCode = z.literal(WARNING_TYPE_CODES);

/** A warning type code as a filter or form sends it (a number, or its digits in a query string). */
export const warningTypeField = () => codeOf(WARNING_TYPE_CODES);

/** Code → its words and default level, for lists, exports and the type dictionary. */
export const WARNING_TYPE_BY_CODE: Record<WarningTypeCode, Label & { key: WarningTypeKey; level: RiskLevel }> = Object.fromEntries(
  Object.entries(WARNING_TYPES).map(([key, t]) => [t.code, { key: key as WarningTypeKey, zh: t.zh, en: t.en, level: t.level }]),
) as Record<WarningTypeCode, Label & { key: WarningTypeKey; level: RiskLevel }>;

/**
 * A warning type's name from its code, in the language asked (Chinese by default, as replies and
 * exports carry it). A code this build does not know (a newer server, an old row) reads as `fallback`
 * when one is given (e.g. the name the server sent), else as its digits.
 */
export function warningTypeName(code: number, lang: keyof Label = 'zh', fallback?: string): string {
  return WARNING_TYPE_BY_CODE[code as WarningTypeCode]?.[lang] ?? fallback ?? String(code);
}

/** 0 unhandled (未处理), 1 handled (已处理). */
export const DEAL_STATUS_LABELS: Record<0 | 1, Label> = {
  0: { zh: '未处理', en: 'Unhandled' },
  1: { zh: '已处理', en: 'Handled' },
};

/** The `setting` key (dept_id = the finance institution) that holds its RiskWarningConfig as JSON. */
export const RISK_WARNING_CONFIG_KEY = 'riskWarningConfig';

/** The lowest offline thresholds an institution may set: below the online grace a device is merely between reports. */
export const OFFLINE_MIN_HOURS = { wired: 1, wireless: 26 } as const;

const whole = (what: string, min: number, max: number, unit: string) =>
  z
    .number(`${what}必须是数字`)
    .int(`${what}必须是整数`)
    .min(min, `${what}不能小于${min}${unit}`)
    .max(max, `${what}不能大于${max}${unit}`);

/**
 * A finance institution's thresholds (the risk-warning-config screen). Bounds keep every rule
 * meaningful: a separation window wider than a day would compare stale fixes, a stay of minutes at a
 * risk point is a car passing by.
 */
export const RiskWarningConfig = z.object({
  offline: z.object({
    wiredHours: whole('有线设备离线时长', OFFLINE_MIN_HOURS.wired, 720, '小时'),
    wirelessHours: whole('无线设备离线时长', OFFLINE_MIN_HOURS.wireless, 720, '小时'),
  }),
  riskPoint: z.object({
    radiusM: whole('二押点半径', 50, 2000, '米'),
    stayMinutes: whole('二押点停留时长', 5, 1440, '分钟'),
  }),
  region: z.object({ scope: z.enum(['province', 'city'], '请选择出省预警范围（省或市）') }),
  longStay: z.object({ hours: whole('长时间停留时长', 12, 720, '小时') }),
  separation: z.object({
    distanceKm: whole('设备分离距离', 1, 100, '公里'),
    freshHours: whole('设备分离定位时效', 1, 24, '小时'),
  }),
  residence: z.object({ distanceKm: whole('常驻地变更距离', 2, 500, '公里') }),
  abnormalMove: z.object({
    distanceKm: whole('异动距离', 1, 500, '公里'),
    offlineHours: whole('异动离线时长', 1, 720, '小时'),
  }),
  lowBattery: z.object({ percent: whole('低电量阈值', 1, 99, '%') }),
});
export type RiskWarningConfig = z.infer<typeof RiskWarningConfig>;

/** server-behaviour §5's defaults: what an institution gets until it edits its own. */
export const DEFAULT_RISK_WARNING_CONFIG: RiskWarningConfig = {
  offline: { wiredHours: 24, wirelessHours: 72 },
  riskPoint: { radiusM: 200, stayMinutes: 30 },
  region: { scope: 'province' },
  longStay: { hours: 72 },
  separation: { distanceKm: 5, freshHours: 2 },
  residence: { distanceKm: 10 },
  abnormalMove: { distanceKm: 10, offlineHours: 1 },
  lowBattery: { percent: 20 },
};

/**
 * `event: warning` on the live stream: a warning just raised (and meant to be pushed), sent at once
 * to every signed-in holder of `warning:view` whose scope holds its department.
 */
export type WarningEvent = {
  id: number;
  warningType: WarningTypeCode;
  warningTypeName: string;
  riskLevel: RiskLevel;
  /** Raised together with a risk-point stay within 72 h (server-behaviour §5): operators see these first. */
  compound: boolean;
  deviceNumber: string;
  customerName: string | null;
  plateNumber: string | null;
  deptId: number;
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  warningTime: string;
};
