import { z } from 'zod';

/** Downlink commands an operator may send (server-behaviour §4), by name and JT/T 808 message id. */
export const COMMAND_IDS = {
  positionQuery: 0x8201,
  tempTracking: 0x8202,
  setParams: 0x8103,
  terminalControl: 0x8105,
  text: 0x8300,
} as const;
export type CommandName = keyof typeof COMMAND_IDS;

export const COMMAND_LABELS: Record<CommandName, { zh: string; en: string }> = {
  positionQuery: { zh: '位置查询', en: 'Position query' },
  tempTracking: { zh: '临时跟踪', en: 'Temporary tracking' },
  setParams: { zh: '设置参数', en: 'Set parameters' },
  terminalControl: { zh: '终端控制', en: 'Terminal control' },
  text: { zh: '文本下发', en: 'Text message' },
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
    interval: z.number().int().min(0).max(3600),
    validity: z.number().int().min(1).max(86400),
  }),
  z
    .object({
      deviceNumber,
      command: z.literal('setParams'),
      reportInterval: z.number().int().min(1).max(86400).optional(),
      sleepInterval: z.number().int().min(1).max(86400).optional(),
      emergencyInterval: z.number().int().min(1).max(86400).optional(),
    })
    .refine((c) => c.reportInterval ?? c.sleepInterval ?? c.emergencyInterval, { message: '至少设置一个参数' }),
  z.object({ deviceNumber, command: z.literal('terminalControl'), control: z.union([z.literal(4), z.literal(5)]) }),
  z.object({ deviceNumber, command: z.literal('text'), text: z.string().trim().min(1, '请输入文本').max(200, '文本最多200个字符') }),
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

export type CommandItem = {
  id: number;
  deviceNumber: string;
  command: CommandName;
  params: Record<string, unknown>;
  state: CommandState;
  reply: string | null;
  createdAt: string;
  sentAt: string | null;
  answeredAt: string | null;
};

export const CommandListQuery = z.object({ deviceNumber, limit: z.coerce.number().int().min(1).max(100).default(20) });
