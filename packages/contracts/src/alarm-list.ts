import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import { ALARM_TYPES } from './alarms.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, int, optional, optionalText, TimeText, timeRangeInOrder } from './fields.js';
import { DeviceKinds, type Label } from './labels.js';

/** `getAlarmType`: one entry per alarm type, in code order. */
export const AlarmTypeItem = z.object({ code: z.number(), name: z.string(), nameEn: z.string() });
export type AlarmTypeItem = z.infer<typeof AlarmTypeItem>;

/** An alarm is open while its bit stays on, closed once it turns off (server-behaviour §6). */
export const AlarmStates = ['open', 'closed'] as const;
export type AlarmState = (typeof AlarmStates)[number];
export const ALARM_STATE_LABELS: Record<AlarmState, Label> = {
  open: { zh: '报警中', en: 'Ongoing' },
  closed: { zh: '已结束', en: 'Ended' },
};

const alarmType = int({ min: 0, max: 255 }).refine((v) => ALARM_TYPES[v] !== undefined, '不是已知的报警类型');

/** The device-alarm list's filters; the time range bounds the alarm's start. */
const alarmFilters = {
  alarmType: optional(alarmType),
  deviceNumber: optionalText(30),
  plateNumber: optionalText(10),
  deptId: optional(id()),
  beginDate: TimeText.optional(),
  endDate: TimeText.optional(),
  state: z.enum(AlarmStates).optional(),
};

/** A start later than the end would silently list nothing: say so instead (naming the begin, see timeRangeInOrder). */
const rangeInOrder = timeRangeInOrder('beginDate', 'endDate', '开始时间不能晚于结束时间');

export const AlarmListQuery = PageQuery.extend(alarmFilters).superRefine(rangeInOrder);
export type AlarmListQuery = z.infer<typeof AlarmListQuery>;
export const AlarmExportQuery = z.object(alarmFilters).superRefine(rangeInOrder);
export type AlarmExportQuery = z.infer<typeof AlarmExportQuery>;

export const AlarmListItem = z.object({
  id: z.number(),
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  plateNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  deptId: z.number(),
  /** The dealer the device belongs to. */
  deptName: z.string(),
  alarmType: z.number(),
  alarmTypeName: z.string(),
  startTime: z.string(),
  /** Null while the alarm is still on. */
  endTime: z.string().nullable(),
  /** Start to end, or to now while it is still on. */
  durationMs: z.number(),
  /** The same as `X天X小时X分`, as exports write it. */
  duration: z.string(),
  state: z.enum(AlarmStates),
  /** WGS-84, where the alarm started. */
  lng: z.number(),
  lat: z.number(),
  address: z.string().nullable(),
});
export type AlarmListItem = z.infer<typeof AlarmListItem>;

const TAG = '设备报警';

/** 设备报警 (server-behaviour §6): the alarm types, the list and its export. */
export const AlarmCalls = {
  types: defineCall({
    method: 'GET',
    path: '/api/report/alarmWarning/getAlarmType',
    summary: '报警类型（按编码排序，中英文名称）',
    tag: TAG,
    access: 'warning:view',
    reply: z.array(AlarmTypeItem),
  }),
  list: defineCall({
    method: 'POST',
    path: '/api/report/gpsAlarm/findList',
    summary: '设备报警列表，按开始时间由新到旧，分页',
    tag: TAG,
    access: 'warning:view',
    body: AlarmListQuery,
    reply: pageOf(AlarmListItem),
  }),
  download: defineCall({
    method: 'POST',
    path: '/api/report/gpsAlarm/download',
    summary: '导出设备报警（.xlsx）',
    tag: TAG,
    access: 'warning:export',
    body: AlarmExportQuery,
    reply: XLSX_FILE,
  }),
};
