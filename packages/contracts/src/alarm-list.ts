import { z } from 'zod';
import { ALARM_TYPES } from './alarms.js';
import { PageQuery } from './envelope.js';
import { optionalText, TimeText } from './fields.js';
import type { DeviceKind, Label } from './labels.js';

/** `getAlarmType`: one entry per alarm type, in code order. */
export type AlarmTypeItem = { code: number; name: string; nameEn: string };

/** An alarm is open while its bit stays on, closed once it turns off (server-behaviour §6). */
export const AlarmStates = ['open', 'closed'] as const;
export type AlarmState = (typeof AlarmStates)[number];
export const ALARM_STATE_LABELS: Record<AlarmState, Label> = {
  open: { zh: '报警中', en: 'Ongoing' },
  closed: { zh: '已结束', en: 'Ended' },
};

const alarmType = z.coerce
  .number('报警类型无效')
  .int('报警类型无效')
  .refine((v) => ALARM_TYPES[v] !== undefined, '报警类型无效');

/** The device-alarm list's filters; the time range bounds the alarm's start. */
export const AlarmListQuery = PageQuery.extend({
  alarmType: alarmType.optional(),
  deviceNumber: optionalText(30),
  plateNumber: optionalText(10),
  deptId: z.coerce.number().int().positive().optional(),
  beginDate: TimeText.optional(),
  endDate: TimeText.optional(),
  state: z.enum(AlarmStates, '报警状态无效').optional(),
});
export type AlarmListQuery = z.infer<typeof AlarmListQuery>;
export const AlarmExportQuery = AlarmListQuery.omit({ pageNumber: true, pageSize: true });
export type AlarmExportQuery = z.infer<typeof AlarmExportQuery>;

export type AlarmListItem = {
  id: number;
  deviceNumber: string;
  deviceKind: DeviceKind;
  plateNumber: string | null;
  customerName: string | null;
  deptId: number;
  /** The dealer the device belongs to. */
  deptName: string;
  alarmType: number;
  alarmTypeName: string;
  startTime: string;
  /** Null while the alarm is still on. */
  endTime: string | null;
  /** Start to end, or to now while it is still on. */
  durationMs: number;
  /** The same as `X天X小时X分`, as exports write it. */
  duration: string;
  state: AlarmState;
  /** WGS-84, where the alarm started. */
  lng: number;
  lat: number;
  address: string | null;
};
