import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { optionalText } from './fields.js';
import type { CustomerGrade, DeviceKind, DeviceState } from './labels.js';
import type { RiskPointItem } from './riskpoint.js';
import type { WarningHead } from './warning-list.js';
import { WARNING_TYPE_CODES, type WarningTypeCode } from './warning.js';

/** Paths of the warning detail screen and the push exclusions (console-spec §7 names them, not their paths). */
export const WARNING_DETAIL_PATHS = {
  details: '/api/report/riskWarning/getWarningDetails',
  notPushConfig: '/api/report/riskWarning/getDevWarningNotPushConfig',
  cancelPush: '/api/report/riskWarning/cancelWarningPush',
  restorePush: '/api/report/riskWarning/pushTheWarningType',
  nearRiskPoints: '/api/report/riskWarning/getNearRiskPoints',
} as const;

/** Success messages toasted after toggling push (console-spec §8). */
export const PUSH_MESSAGES = {
  cancelled: { zh: '已取消推送', en: 'Push cancelled' },
  restored: { zh: '已恢复推送', en: 'Push restored' },
} as const;

const positiveId = (what: string) => z.coerce.number(`${what}必须是数字`).int(`${what}必须是整数`).positive(`${what}无效`);

const warningTypeField = z.coerce
  .number('预警类型必须是数字')
  .int('预警类型必须是整数')
  .refine((v) => (WARNING_TYPE_CODES as number[]).includes(v), '预警类型无效')
  .transform((v) => v as WarningTypeCode);

/** An optional type from a query string or form: '' is absent. */
const optionalType = z.preprocess((v) => (v === '' || v === null ? undefined : v), warningTypeField.optional());

const DeviceNumberField = z.string('请输入设备号').trim().min(1, '请输入设备号').max(32, '设备号最多32个字符');

/**
 * GET getWarningDetails?id=&deviceNumber=&warningType=. The id names the warning; the other two,
 * when given, must match it (a stale link to another device answers 404, not a different warning).
 */
export const WarningDetailQuery = z.object({
  id: positiveId('预警编号'),
  deviceNumber: optionalText(32),
  warningType: optionalType,
});
export type WarningDetailQuery = z.infer<typeof WarningDetailQuery>;

export type WarningDetailEntity = WarningHead & {
  /** `YYYY-MM-DD HH:mm:ss`: when the condition began, and its last sighting. */
  warningTime: string;
  lastTime: string;
  customerName: string | null;
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: string | null;
  customerGrade: CustomerGrade | null;
  /** 高风险 / 潜在风险 / 一般客户. */
  customerGradeName: string | null;
  brandname: string | null;
  modelname: string | null;
  carFrameNumber: string | null;
  plateNumber: string | null;
  deviceNumber: string;
  /** The dealer (经销商) and its finance institution. */
  deptName4s: string | null;
  deptName: string | null;
  carid: number | null;
  /** Warning position: GCJ-02 for the map, WGS-84 as stored; null when the rule had no fix. */
  commonLng: number | null;
  commonLat: number | null;
  lng: number | null;
  lat: number | null;
  address: string | null;
  /** The rule's finding in one sentence, e.g. 在典当行「xx」200米内停留2小时. */
  detail: string;
  dealUserName: string | null;
  dealTime: string | null;
  dealDescription: string | null;
};

export type WarningDetailDevice = {
  deviceNumber: string;
  deviceKind: DeviceKind;
  state: DeviceState;
  /** Latest position, GCJ-02 and WGS-84; null before the first report. */
  devGaoLng: number | null;
  devGaoLat: number | null;
  lng: number | null;
  lat: number | null;
  gpsTime: string | null;
  speed: number | null;
  address: string | null;
};

export type WarningDetailResult = { entity: WarningDetailEntity; device: WarningDetailDevice };

/** The push-exclusion form (console-spec §3): body of the POSTs, query of the GET and DELETE. */
export const WarningPushForm = z.object({ deviceNumber: DeviceNumberField, warningType: warningTypeField });
export type WarningPushForm = z.infer<typeof WarningPushForm>;

/** One device × warning type excluded from push (and from the ticker and the top-bar count). */
export type WarningNotPushEntity = {
  id: number;
  deviceNumber: string;
  deviceKind: DeviceKind;
  warningType: WarningTypeCode;
  warningTypeName: string;
  customerName: string | null;
  plateNumber: string | null;
  deptName: string;
  createdByName: string | null;
  createTime: string;
};

/** getDevWarningNotPushConfig: the entity when excluded, null otherwise. */
export type WarningNotPushConfig = { entity: WarningNotPushEntity | null };

/** POST getDeviceNotStatisticsList: the exclusions in scope, newest first. */
export const NotStatisticsListQuery = PageQuery.extend({
  deviceNumber: optionalText(32),
  warningType: optionalType,
});
export type NotStatisticsListQuery = z.infer<typeof NotStatisticsListQuery>;

/** GET getNearRiskPoints?id=: risk points within 3 km of the warning position, nearest first. */
export const NearRiskPointsQuery = z.object({ id: positiveId('预警编号') });
export type NearRiskPointsQuery = z.infer<typeof NearRiskPointsQuery>;
export type NearRiskPoint = RiskPointItem & { distance: number };
