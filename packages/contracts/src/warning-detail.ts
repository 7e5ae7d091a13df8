import { z } from 'zod';
import { defineCall } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, optional, optionalText } from './fields.js';
import { CustomerGrades, DeviceKinds, DeviceStates } from './labels.js';
import { RiskPointItem } from './riskpoint.js';
import { WarningHead } from './warning-list.js';
import { WarningTypeCode, warningTypeField } from './warning.js';

/** Success messages toasted after toggling push (console-spec §8). */
export const PUSH_MESSAGES = {
  cancelled: { zh: '已取消推送', en: 'Push cancelled' },
  restored: { zh: '已恢复推送', en: 'Push restored' },
} as const;

const DeviceNumberField = z.string().trim().min(1).max(32);

/**
 * GET getWarningDetails?id=&deviceNumber=&warningType=. The id names the warning; the other two,
 * when given, must match it (a stale link to another device answers 404, not a different warning).
 */
export const WarningDetailQuery = z.object({
  id: id(),
  deviceNumber: optionalText(32),
  warningType: optional(warningTypeField()),
});
export type WarningDetailQuery = z.infer<typeof WarningDetailQuery>;

const text = z.string().nullable();
const num = z.number().nullable();

export const WarningDetailEntity = WarningHead.extend({
  /** `YYYY-MM-DD HH:mm:ss`: when the condition began, and its last sighting. */
  warningTime: z.string(),
  lastTime: z.string(),
  customerName: text,
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: text,
  customerGrade: z.enum(CustomerGrades).nullable(),
  /** 高风险 / 潜在风险 / 一般客户. */
  customerGradeName: text,
  brandname: text,
  modelname: text,
  carFrameNumber: text,
  plateNumber: text,
  deviceNumber: z.string(),
  /** The dealer (经销商) and its finance institution. */
  deptName4s: text,
  deptName: text,
  carid: num,
  /** Warning position: GCJ-02 for the map, WGS-84 as stored; null when the rule had no fix. */
  commonLng: num,
  commonLat: num,
  lng: num,
  lat: num,
  address: text,
  /** The rule's finding in one sentence, e.g. 在典当行「xx」200米内停留2小时. */
  detail: z.string(),
  dealUserName: text,
  dealTime: text,
  dealDescription: text,
});
export type WarningDetailEntity = z.infer<typeof WarningDetailEntity>;

export const WarningDetailDevice = z.object({
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  state: z.enum(DeviceStates),
  /** Latest position, GCJ-02 and WGS-84; null before the first report. */
  devGaoLng: num,
  devGaoLat: num,
  lng: num,
  lat: num,
  gpsTime: text,
  speed: num,
  address: text,
});
export type WarningDetailDevice = z.infer<typeof WarningDetailDevice>;

export const WarningDetailResult = z.object({ entity: WarningDetailEntity, device: WarningDetailDevice });
export type WarningDetailResult = z.infer<typeof WarningDetailResult>;

/** The push-exclusion form (console-spec §3): body of the POSTs, query of the GET and DELETE. */
export const WarningPushForm = z.object({ deviceNumber: DeviceNumberField, warningType: warningTypeField() });
export type WarningPushForm = z.infer<typeof WarningPushForm>;

/** One device × warning type excluded from push (and from the ticker and the top-bar count). */
export const WarningNotPushEntity = z.object({
  id: z.number(),
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  warningType: WarningTypeCode,
  warningTypeName: z.string(),
  customerName: text,
  plateNumber: text,
  deptName: z.string(),
  createdByName: text,
  createTime: z.string(),
});
export type WarningNotPushEntity = z.infer<typeof WarningNotPushEntity>;

/** getDevWarningNotPushConfig: the entity when excluded, null otherwise. */
export const WarningNotPushConfig = z.object({ entity: WarningNotPushEntity.nullable() });
export type WarningNotPushConfig = z.infer<typeof WarningNotPushConfig>;

/** POST getDeviceNotStatisticsList: the exclusions in scope, newest first. */
export const NotStatisticsListQuery = PageQuery.extend({
  deviceNumber: optionalText(32),
  warningType: optional(warningTypeField()),
});
export type NotStatisticsListQuery = z.infer<typeof NotStatisticsListQuery>;

/** GET getNearRiskPoints?id=: risk points within 3 km of the warning position, nearest first. */
export const NearRiskPointsQuery = z.object({ id: id() });
export type NearRiskPointsQuery = z.infer<typeof NearRiskPointsQuery>;
export const NearRiskPoint = RiskPointItem.extend({ distance: z.number() });
export type NearRiskPoint = z.infer<typeof NearRiskPoint>;

const TAG = '预警详情';
const BASE = '/api/report/riskWarning';

/**
 * The warning detail and the do-not-push exclusion. The detail dialog's form (cancelWarningPush /
 * pushTheWarningType) and the list screen's (cancelWarningByDeviceNumber / allowWarningByDeviceNumber)
 * are two doors to one table.
 */
export const WarningDetailCalls = {
  details: defineCall({
    method: 'GET',
    path: `${BASE}/getWarningDetails`,
    summary: '预警详情：预警本身与设备的最新状态',
    tag: TAG,
    access: 'warning:view',
    query: WarningDetailQuery,
    reply: WarningDetailResult,
  }),
  notPushConfig: defineCall({
    method: 'GET',
    path: `${BASE}/getDevWarningNotPushConfig`,
    summary: '该设备该类型预警是否不推送（entity 非空即不推送）',
    tag: TAG,
    access: 'warning:view',
    query: WarningPushForm,
    reply: WarningNotPushConfig,
  }),
  cancelPush: defineCall({
    method: 'POST',
    path: `${BASE}/cancelWarningPush`,
    summary: '不再推送该设备该类型的预警（也不计入滚动条与顶栏计数）',
    tag: TAG,
    access: 'warning:handle',
    body: WarningPushForm,
    reply: z.null(),
  }),
  cancelByDevice: defineCall({
    method: 'POST',
    path: `${BASE}/cancelWarningByDeviceNumber`,
    summary: '不再推送该设备该类型的预警（列表页的入口）',
    tag: TAG,
    access: 'warning:handle',
    body: WarningPushForm,
    reply: z.null(),
  }),
  restorePush: defineCall({
    method: 'POST',
    path: `${BASE}/pushTheWarningType`,
    summary: '恢复推送该设备该类型的预警',
    tag: TAG,
    access: 'warning:handle',
    body: WarningPushForm,
    reply: z.null(),
  }),
  allowByDevice: defineCall({
    method: 'DELETE',
    path: `${BASE}/allowWarningByDeviceNumber`,
    summary: '恢复推送该设备该类型的预警（列表页的入口）',
    tag: TAG,
    access: 'warning:handle',
    query: WarningPushForm,
    reply: z.null(),
  }),
  notStatisticsList: defineCall({
    method: 'POST',
    path: `${BASE}/getDeviceNotStatisticsList`,
    summary: '不推送的设备与预警类型，新的在前，分页',
    tag: TAG,
    access: 'warning:view',
    body: NotStatisticsListQuery,
    reply: pageOf(WarningNotPushEntity),
  }),
  nearRiskPoints: defineCall({
    method: 'GET',
    path: `${BASE}/getNearRiskPoints`,
    summary: '预警位置3公里内的风险点，由近到远',
    tag: TAG,
    access: 'warning:view',
    query: NearRiskPointsQuery,
    reply: z.array(NearRiskPoint),
  }),
};
