import { z } from 'zod';
import { defineCall } from './api/call.js';
import { CommandItem } from './command.js';
import { DevicePositionItem, DevNumbersQuery } from './device.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, int, optional } from './fields.js';
import { DeviceOnlineStats } from './home.js';
import { DEVICE_STATE_LABELS, type Label } from './labels.js';

const TAG = '在线抽查';

/** Which devices are checked: pasted numbers, a dealer's department subtree, or all the caller may see. */
export const OnlineCheckModes = ['numbers', 'dealer', 'all'] as const;
export type OnlineCheckMode = (typeof OnlineCheckModes)[number];

/** Position queries sent by one call at most: a whole fleet at once would flood the gateway. */
export const ONLINE_CHECK_BATCH_MAX = 500;
/** Command ids one states call takes: two full batches still pending. */
export const ONLINE_CHECK_STATES_MAX = 2 * ONLINE_CHECK_BATCH_MAX;

const SelectionFields = z.object({
  by: z.enum(OnlineCheckModes).default('all'),
  /** Read only when `by` is numbers; pasted text or a list, as the batch lookup takes them. */
  deviceNumbers: optional(DevNumbersQuery.shape.deviceNumbers),
  /** Read only when `by` is dealer: the department and everything under it. */
  deptId: optional(id()),
});

function selectionComplete(s: z.output<typeof SelectionFields>, ctx: z.RefinementCtx): void {
  if (s.by === 'numbers' && !s.deviceNumbers) ctx.addIssue({ code: 'custom', path: ['deviceNumbers'], message: '请输入设备号' });
  if (s.by === 'dealer' && s.deptId === undefined) ctx.addIssue({ code: 'custom', path: ['deptId'], message: '请选择经销商' });
}

/** POST /pd/onlineCheck/positionQuery: the devices whose online ones are asked for their position. */
export const OnlineCheckSelection = SelectionFields.superRefine(selectionComplete);
export type OnlineCheckSelection = z.infer<typeof OnlineCheckSelection>;

/** POST /pd/onlineCheck/list: the same choice, paged; a page holds addresses, so it stays small. */
export const OnlineCheckQuery = SelectionFields.extend({
  pageNumber: PageQuery.shape.pageNumber,
  pageSize: int({ min: 1, max: 100 }).default(20),
}).superRefine(selectionComplete);
export type OnlineCheckQuery = z.infer<typeof OnlineCheckQuery>;

/** Online is moving or parked: a report within the kind's grace (device-state.ts). */
export const OnlineStates = ['online', 'offline', 'never'] as const;
export type OnlineState = (typeof OnlineStates)[number];
export const ONLINE_STATE_LABELS: Record<OnlineState, Label> = {
  online: { zh: '在线', en: 'Online' },
  offline: DEVICE_STATE_LABELS.offline,
  never: DEVICE_STATE_LABELS.never,
};

export const OnlineCheckItem = DevicePositionItem.pick({
  id: true, deviceNumber: true, deviceKind: true, plateNumber: true, carFrameNumber: true, customerName: true,
  deptName: true, lastTime: true, address: true,
}).extend({ onlineState: z.enum(OnlineStates) });
export type OnlineCheckItem = z.infer<typeof OnlineCheckItem>;

/** The whole selection, not the page; `onlineRate` is a percentage with one decimal (0 with no devices). */
export const OnlineCheckSummary = DeviceOnlineStats.pick({ total: true, online: true, offline: true, never: true }).extend({
  onlineRate: z.number(),
});
export type OnlineCheckSummary = z.infer<typeof OnlineCheckSummary>;

export const OnlineCheckPage = pageOf(OnlineCheckItem).extend({
  summary: OnlineCheckSummary,
  /** Pasted numbers that are unknown or outside the caller's scope (the two are not told apart), in pasted order. */
  notFound: z.array(z.string()),
});
export type OnlineCheckPage = z.infer<typeof OnlineCheckPage>;

/** A position query as it stands; once answered, with where the device reported from. */
export const OnlineCheckCommand = CommandItem.pick({ id: true, deviceNumber: true, state: true, reply: true, answeredAt: true }).extend({
  lastTime: z.string().nullable(),
  address: z.string().nullable(),
});
export type OnlineCheckCommand = z.infer<typeof OnlineCheckCommand>;

export const OnlineCheckBatchResult = z.object({
  sent: z.number(),
  /** Offline or never online: nothing was sent to them. */
  skippedOffline: z.number(),
  notFound: z.array(z.string()),
  commands: z.array(OnlineCheckCommand),
});
export type OnlineCheckBatchResult = z.infer<typeof OnlineCheckBatchResult>;

export const OnlineCheckStatesQuery = z.object({ commandIds: z.array(id()).min(1).max(ONLINE_CHECK_STATES_MAX) });
export type OnlineCheckStatesQuery = z.infer<typeof OnlineCheckStatesQuery>;

export const OnlineCheckCalls = {
  list: defineCall({
    method: 'POST',
    path: '/pd/onlineCheck/list',
    summary: '在线抽查：按设备号、经销商或全部，分页，附在线统计与未找到的设备号',
    tag: TAG,
    access: 'device:view',
    body: OnlineCheckQuery,
    reply: OnlineCheckPage,
  }),
  positionQuery: defineCall({
    method: 'POST',
    path: '/pd/onlineCheck/positionQuery',
    summary: `向所选设备中在线的下发位置查询（0x8201），一次最多${ONLINE_CHECK_BATCH_MAX}台`,
    tag: TAG,
    access: 'device:command',
    body: OnlineCheckSelection,
    reply: OnlineCheckBatchResult,
  }),
  queryStates: defineCall({
    method: 'POST',
    path: '/pd/onlineCheck/queryStates',
    summary: '位置查询指令的状态与应答（范围外或非位置查询的指令不返回）',
    tag: TAG,
    access: 'device:command',
    body: OnlineCheckStatesQuery,
    reply: z.array(OnlineCheckCommand),
  }),
};
