import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { DeviceKinds, DeviceStates } from './labels.js';
import { id, int, optional, optionalText, TimeText, timeRangeInOrder } from './fields.js';

const TAG = '设备';

// The fields first, the range checks last: zod cannot omit or extend a schema that has refinements.
const DevListFields = PageQuery.extend({
  deviceNumber: optionalText(30),
  deviceKind: optional(int({ min: 1, max: 2 }).pipe(z.literal(DeviceKinds))),
  state: optional(z.enum(DeviceStates)),
  deptId: optional(id()),
  carFrameNumber: optionalText(17),
  customerName: optionalText(30),
  installTimeStart: TimeText.optional(),
  installTimeEnd: TimeText.optional(),
});
const DevLatestFields = DevListFields.extend({
  lastTimeStart: TimeText.optional(),
  lastTimeEnd: TimeText.optional(),
});
const NO_PAGING = { pageNumber: true, pageSize: true } as const;
const installInOrder = timeRangeInOrder('installTimeStart', 'installTimeEnd', '安装开始时间不能晚于安装结束时间');
const lastReportInOrder = timeRangeInOrder('lastTimeStart', 'lastTimeEnd', '最后上报开始时间不能晚于最后上报结束时间');

export const DevListQuery = DevListFields.superRefine(installInOrder);
export type DevListQuery = z.infer<typeof DevListQuery>;
/** The same filters without paging, for the export. */
export const DevExportQuery = DevListFields.omit(NO_PAGING).superRefine(installInOrder);
export type DevExportQuery = z.infer<typeof DevExportQuery>;

/** The device latest-position list (deviceManagement): the same filters plus the last report time. */
export const DevLatestQuery = DevLatestFields.superRefine(installInOrder).superRefine(lastReportInOrder);
export type DevLatestQuery = z.infer<typeof DevLatestQuery>;
export const DevLatestExportQuery = DevLatestFields.omit(NO_PAGING).superRefine(installInOrder).superRefine(lastReportInOrder);
export type DevLatestExportQuery = z.infer<typeof DevLatestExportQuery>;

/** Numbers as an array, or as pasted text separated by commas, spaces or new lines: trimmed, each once. */
export function pastedNumbers(v: string | string[]): string[] {
  return [...new Set((Array.isArray(v) ? v : v.split(/[\s,，;；]+/)).map((n) => n.trim()).filter(Boolean))];
}

/** Up to 1000 numbers, as an array or pasted text separated by commas, spaces or new lines. */
export const DevNumbersQuery = z.object({
  deviceNumbers: z
    .union([z.array(z.string()), z.string()])
    .transform(pastedNumbers)
    .pipe(z.array(z.string().max(30)).min(1, '请输入设备号').max(1000, '一次最多查询1000个设备')),
});
export type DevNumbersQuery = z.infer<typeof DevNumbersQuery>;

/**
 * Why a terminal's registration window was opened (issue 28): its stock import or transfer, its install
 * order being worked, an administrator's 开放注册/重置注册, or the terminal's own logout (0x0003).
 */
export const RegistrationWindowReasons = ['stock', 'transfer', 'install', 'reset', 'logout'] as const;
export type RegistrationWindowReason = (typeof RegistrationWindowReasons)[number];

export const DeviceListItem = z.object({
  id: z.number(),
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  model: z.string(),
  iccid: z.string(),
  state: z.enum(DeviceStates),
  deptId: z.number(),
  deptName: z.string(),
  financeName: z.string(),
  carId: z.number().nullable(),
  carFrameNumber: z.string().nullable(),
  plateNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  installTime: z.string().nullable(),
  lastTime: z.string().nullable(),
  /**
   * When the terminal was last heard from: its newest position, or a later message of any kind (a
   * heartbeat); the state (online or not) is read from this. Null when it never reported a position.
   */
  heardTime: z.string().nullable(),
  /** WGS-84 as stored… */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** …and GCJ-02 for AMap. */
  gaodeLng: z.number().nullable(),
  gaodeLat: z.number().nullable(),
  speed: z.number().nullable(),
  direction: z.number().nullable(),
  acc: z.number().nullable(),
  battery: z.number().nullable(),
  signal: z.number().nullable(),
  satellites: z.number().nullable(),
  /** When the terminal registered over JT/T 808; null while it is not registered (never, or reset). */
  registeredAt: z.string().nullable(),
  /** While it is not registered: until when its first registration is accepted, and why; null when closed. */
  registrationWindow: z.object({ until: z.string(), reason: z.enum(RegistrationWindowReasons) }).nullable(),
  /** Registrations the gateway refused (no open window, another terminal id, already registered), the latest and why. */
  registerRefusals: z.number(),
  lastRegisterRefusedAt: z.string().nullable(),
  lastRegisterRefusedReason: z.string().nullable(),
  /** Positions the gateway refused as invalid, the latest of them and why. */
  invalidPositions: z.number(),
  lastInvalidAt: z.string().nullable(),
  lastInvalidReason: z.string().nullable(),
  /** When the device was retired (设备库存 → 报废); its history stays listed, shown as 已报废. */
  retiredAt: z.string().nullable(),
});
export type DeviceListItem = z.infer<typeof DeviceListItem>;

/** A row of the latest-position report (and its batch query): the device, and where its last position lies. */
export const DevicePositionItem = DeviceListItem.extend({
  /** From the offline gazetteer, 浙江省杭州市西湖区; null without a position or far from any place. */
  address: z.string().nullable(),
});
export type DevicePositionItem = z.infer<typeof DevicePositionItem>;

/**
 * POST /api/device/resetRegistration: the terminal must register again (its old code stops working),
 * inside the registration window this opens; on a device not registered it opens (or renews) the window.
 */
export const ResetRegistrationBody = z.object({
  deviceNumber: z.string().trim().min(1, '请输入设备号').max(30),
});
export type ResetRegistrationBody = z.infer<typeof ResetRegistrationBody>;
export const ResetRegistrationResult = z.object({
  deviceNumber: z.string(),
  /** It held a code (重置注册) or had never registered (开放注册). */
  wasRegistered: z.boolean(),
  disconnected: z.boolean(),
  /** Its next registration is accepted until then. */
  windowUntil: z.string(),
});
export type ResetRegistrationResult = z.infer<typeof ResetRegistrationResult>;

export const DeviceCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/device/getDevList',
    summary: '设备基础信息列表，分页',
    tag: TAG,
    access: 'device:view',
    body: DevListQuery,
    reply: pageOf(DeviceListItem),
  }),
  export: defineCall({
    method: 'POST',
    path: '/api/device/downloadListFromMiddle',
    summary: '导出设备基础信息（xlsx）',
    tag: TAG,
    access: 'device:export',
    body: DevExportQuery,
    reply: XLSX_FILE,
  }),
  byNumbers: defineCall({
    method: 'POST',
    path: '/api/device/getDevListByDivNumbers',
    summary: '按设备号批量查询（范围内的，未知号码不返回）',
    tag: TAG,
    access: 'device:view',
    body: DevNumbersQuery,
    reply: z.array(DevicePositionItem),
  }),
  latest: defineCall({
    method: 'POST',
    path: '/api/device/getLatestPositionList',
    summary: '设备最新位置列表，分页',
    tag: TAG,
    access: 'device:view',
    body: DevLatestQuery,
    reply: pageOf(DevicePositionItem),
  }),
  latestExport: defineCall({
    method: 'POST',
    path: '/api/device/downloadLatestPositionList',
    summary: '导出设备最新位置（xlsx）',
    tag: TAG,
    access: 'device:export',
    body: DevLatestExportQuery,
    reply: XLSX_FILE,
  }),
  resetRegistration: defineCall({
    method: 'POST',
    path: '/api/device/resetRegistration',
    summary: '重置终端注册（终端须重新注册，已连接的会被断开）',
    tag: TAG,
    access: 'device:reset',
    body: ResetRegistrationBody,
    reply: ResetRegistrationResult,
  }),
};
