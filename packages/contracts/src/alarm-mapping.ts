import { z } from 'zod';
import { STANDARD_ALARM_BITS } from './alarms.js';
import { defineCall } from './api/call.js';
import { id, int, optional } from './fields.js';

/**
 * Per-model alarm mapping (server-behaviour §6, issue 30): which reserved alarm-word bit or which
 * vendor additional item of a terminal model means light sensor, case opened, vibration or tampering.
 * The platform administrator edits it; a change applies to reports received after it.
 */
export const ALARM_MAPPING_SOURCES = ['bit', 'item'] as const;
export type AlarmMappingSource = (typeof ALARM_MAPPING_SOURCES)[number];

/** The alarm types a mapping can raise: the ones the standard has no bit for (alarms.ts, from 100). */
export const MAPPED_ALARM_TYPES = [100, 101, 102, 103] as const;
export const FIRST_MAPPED_ALARM_TYPE = 100;

export const ALARM_MAPPING_MODEL_MAX = 40;
/** Alarm-word bits 0–31; additional item ids one byte. */
export const ALARM_BIT_MAX = 31;
export const ALARM_ITEM_MAX = 255;

export const PLATFORM_ONLY_MESSAGE = '只有平台管理员可以修改设备型号报警映射';

export const SaveAlarmMapping = z
  .object({
    /** Absent: a new row; present: the row to change. */
    id: optional(id()),
    model: z.string('请输入设备型号').trim().min(1, '请输入设备型号').max(ALARM_MAPPING_MODEL_MAX, `最多${ALARM_MAPPING_MODEL_MAX}个字符`),
    source: z.enum(ALARM_MAPPING_SOURCES, '来源应为 bit（报警位）或 item（附加信息项）'),
    code: int({ min: 0, max: ALARM_ITEM_MAX }),
    alarmType: z.literal(MAPPED_ALARM_TYPES, '报警类型应为 100–103'),
  })
  // A standard bit already is an alarm of its own: mapping it too would record one signal twice.
  .superRefine((v, ctx) => {
    if (v.source !== 'bit') return;
    if (v.code > ALARM_BIT_MAX) ctx.addIssue({ code: 'custom', path: ['code'], message: `报警位应为 0–${ALARM_BIT_MAX}` });
    else if (STANDARD_ALARM_BITS.includes(v.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: `位 ${v.code} 是标准报警位，不能映射` });
  });
export type SaveAlarmMapping = z.infer<typeof SaveAlarmMapping>;

export const DeleteAlarmMapping = z.object({ id: id() });
export type DeleteAlarmMapping = z.infer<typeof DeleteAlarmMapping>;

export const AlarmMappingItem = z.object({
  id: z.number(),
  model: z.string(),
  source: z.enum(ALARM_MAPPING_SOURCES),
  /** The bit (0–31) or the item id (0–255). */
  code: z.number(),
  alarmType: z.number(),
  alarmTypeName: z.string(),
  updatedAt: z.string(),
});
export type AlarmMappingItem = z.infer<typeof AlarmMappingItem>;

export const AlarmMappingList = z.object({
  list: z.array(AlarmMappingItem),
  /** The caller may add, change and delete rows (a platform administrator). */
  editable: z.boolean(),
});
export type AlarmMappingList = z.infer<typeof AlarmMappingList>;

const TAG = '设备报警映射';

export const AlarmMappingCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/alarmMapping/getList',
    summary: '设备型号报警映射（型号 → 保留报警位或附加信息项 → 报警类型），按型号排列',
    tag: TAG,
    access: 'user:admin',
    reply: AlarmMappingList,
  }),
  /** Only the platform administrator; applies to reports received from then on. */
  save: defineCall({
    method: 'POST',
    path: '/api/alarmMapping/save',
    summary: '新增或修改一条报警映射（仅平台管理员；对之后收到的上报生效）',
    tag: TAG,
    access: 'user:admin',
    body: SaveAlarmMapping,
    reply: AlarmMappingItem,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/api/alarmMapping/delete',
    summary: '删除一条报警映射（仅平台管理员）',
    tag: TAG,
    access: 'user:admin',
    body: DeleteAlarmMapping,
    reply: z.null(),
  }),
};
