import { z } from 'zod';
import { defineCall } from './api/call.js';
import { int } from './fields.js';

/** Downlink commands an operator may send (server-behaviour §4), by name and JT/T 808 message id. */
export const COMMAND_IDS = {
  positionQuery: 0x8201,
  tempTracking: 0x8202,
  setParams: 0x8103,
  terminalControl: 0x8105,
  text: 0x8300,
  // Sent only by an approved immobilisation (issue 32), never from the command form: listed so the history names it.
  vehicleControl: 0x8500,
} as const;
export type CommandName = keyof typeof COMMAND_IDS;

export const COMMAND_LABELS: Record<CommandName, { zh: string; en: string }> = {
  positionQuery: { zh: '位置查询', en: 'Position query' },
  tempTracking: { zh: '临时跟踪', en: 'Temporary tracking' },
  setParams: { zh: '设置参数', en: 'Set parameters' },
  terminalControl: { zh: '终端控制', en: 'Terminal control' },
  text: { zh: '文本下发', en: 'Text message' },
  vehicleControl: { zh: '车辆控制', en: 'Vehicle control' },
};

/** JT/T 808 terminal control words this console offers (0x8105). */
export const TERMINAL_CONTROLS = { 4: { zh: '终端复位', en: 'Reset' }, 5: { zh: '恢复出厂设置', en: 'Factory reset' } } as const;

const deviceNumber = z.string().trim().min(1, '请输入设备号').max(30);

export const EqCommand = z.discriminatedUnion('command', [
  z.object({ deviceNumber, command: z.literal('positionQuery') }),
  z.object({
    deviceNumber,
    command: z.literal('tempTracking'),
    /** Seconds between reports while tracking, and how long tracking lasts. Interval 0 stops tracking (JT/T 808 0x8202). */
    interval: int({ min: 0, max: 3600 }),
    validity: int({ min: 1, max: 86400 }),
  }),
  z
    .object({
      deviceNumber,
      command: z.literal('setParams'),
      reportInterval: int({ min: 1, max: 86400 }).optional(),
      sleepInterval: int({ min: 1, max: 86400 }).optional(),
      emergencyInterval: int({ min: 1, max: 86400 }).optional(),
    })
    .refine((c) => c.reportInterval ?? c.sleepInterval ?? c.emergencyInterval, { message: '至少设置一个参数' }),
  z.object({ deviceNumber, command: z.literal('terminalControl'), control: z.literal([4, 5]) }),
  z.object({ deviceNumber, command: z.literal('text'), text: z.string().trim().min(1, '请输入文本').max(200) }),
]);
export type EqCommand = z.infer<typeof EqCommand>;

export const CommandStates = ['queued', 'sent', 'answered', 'failed'] as const;
export type CommandState = (typeof CommandStates)[number];
export const COMMAND_STATE_LABELS: Record<CommandState, { zh: string; en: string }> = {
  queued: { zh: '待发送', en: 'Queued' },
  sent: { zh: '已发送', en: 'Sent' },
  answered: { zh: '已应答', en: 'Answered' },
  failed: { zh: '失败', en: 'Failed' },
};

export const CommandItem = z.object({
  id: z.number(),
  deviceNumber: z.string(),
  command: z.enum(Object.keys(COMMAND_IDS) as [CommandName, ...CommandName[]]),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(CommandStates),
  reply: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type CommandItem = z.infer<typeof CommandItem>;

export const CommandListQuery = z.object({ deviceNumber, limit: int({ min: 1, max: 100 }).default(20) });
export type CommandListQuery = z.infer<typeof CommandListQuery>;

const TAG = '指令下发';

export const CommandCalls = {
  send: defineCall({
    method: 'POST',
    path: '/api/device/eqCommand',
    summary: '向设备下发指令（终端在线时立即发送，否则等它下次连接）',
    tag: TAG,
    access: 'device:command',
    body: EqCommand,
    reply: CommandItem,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/device/eqCommandList',
    summary: '一台设备最近的指令及其状态',
    tag: TAG,
    access: 'device:view',
    query: CommandListQuery,
    reply: z.array(CommandItem),
  }),
};
