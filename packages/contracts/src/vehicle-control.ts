import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id, int, optional } from './fields.js';
import type { Label } from './labels.js';

/**
 * Remote immobilisation (断油断电) and restore (issue 32). Terminals do it in different ways, so the
 * platform administrator maps each device model to one method; a model without a mapping cannot be
 * immobilised. A request needs a second person (the rule of two) and a car that is stopped.
 */

/** How a model is told: JT/T 808 terminal control 0x8105 with a vendor control word, vehicle control 0x8500 with a control flag, or a text command 0x8300. */
export const ControlMethods = ['terminalControl', 'vehicleControl', 'text'] as const;
export type ControlMethod = (typeof ControlMethods)[number];
export const CONTROL_METHOD_LABELS: Record<ControlMethod, Label> = {
  terminalControl: { zh: '终端控制 0x8105', en: 'Terminal control 0x8105' },
  vehicleControl: { zh: '车辆控制 0x8500', en: 'Vehicle control 0x8500' },
  text: { zh: '文本指令 0x8300', en: 'Text command 0x8300' },
};

/** The message id each method goes out as. */
export const CONTROL_METHOD_MESSAGE: Record<ControlMethod, number> = { terminalControl: 0x8105, vehicleControl: 0x8500, text: 0x8300 };

/**
 * JT/T 808-2019 0x8500 carries a list of (control type id, parameter); ids 0xF001–0xFFFF are the
 * vendor's. A 2013 terminal gets the flag byte alone; a 2019 one gets it as this type's parameter.
 */
export const VENDOR_CONTROL_TYPE_DEFAULT = 0xf001;

/**
 * The relay bits of the JT/T 808 status word: bit 10 oil circuit cut (油路断开), bit 11 electric
 * circuit cut (电路断开). A terminal reports them in every position and in its 0x0500 answer.
 */
export const RELAY_STATUS_BITS = { oil: 1 << 10, circuit: 1 << 11 } as const;
export type RelayState = 'cut' | 'normal';
export const relayStateOf = (statusWord: number): RelayState =>
  (statusWord & (RELAY_STATUS_BITS.oil | RELAY_STATUS_BITS.circuit)) !== 0 ? 'cut' : 'normal';
export const RELAY_STATE_LABELS: Record<RelayState, Label> = {
  cut: { zh: '油电已断开', en: 'Fuel and power cut' },
  normal: { zh: '已恢复', en: 'Restored' },
};

/** Why a device cannot be immobilised from the console: its model has no mapping. */
export const unmappedReason = (model: string) => `型号“${model}”未配置断油断电指令，不能远程断油断电`;

export const CONTROL_LIMITS = {
  /** A cut is refused while the latest fix shows the car faster than this (km/h)… */
  maxSpeedKmh: 20,
  /** …or when the latest fix is older than this: nobody knows whether it is moving. */
  maxFixAgeMinutes: 10,
  /** An approved cut is held until the car is stopped: at most this speed (km/h) on a fresh fix (CONTROL_STOPPED_KMH). */
  stoppedKmh: 5,
  /** An approved cut still held after this long is given up (CONTROL_HOLD_HOURS). */
  holdHours: 24,
  reasonMax: 200,
  textMax: 100,
} as const;

export const ControlActions = ['cut', 'restore'] as const;
export type ControlAction = (typeof ControlActions)[number];
export const CONTROL_ACTION_LABELS: Record<ControlAction, Label> = {
  cut: { zh: '断油断电', en: 'Immobilise' },
  restore: { zh: '恢复油电', en: 'Restore' },
};

/**
 * A request's life: pending (awaiting a second person) → refused | approved → held (approved, the car
 * not yet stopped) → sent → done (the terminal said yes) | failed; pending or held may be cancelled,
 * held may expire.
 */
export const ControlStates = ['pending', 'refused', 'held', 'sent', 'done', 'failed', 'cancelled', 'expired'] as const;
export type ControlState = (typeof ControlStates)[number];
export const CONTROL_STATE_LABELS: Record<ControlState, Label> = {
  pending: { zh: '待审批', en: 'Awaiting approval' },
  refused: { zh: '已拒绝', en: 'Refused' },
  held: { zh: '已批准，等待车辆停稳', en: 'Approved – waiting for the car to stop' },
  sent: { zh: '已下发，等待终端应答', en: 'Sent – awaiting the terminal' },
  done: { zh: '终端已执行', en: 'Carried out' },
  failed: { zh: '终端未执行', en: 'Not carried out' },
  cancelled: { zh: '已撤回', en: 'Withdrawn' },
  expired: { zh: '已过期', en: 'Expired' },
};

/** What a request's steps write into the case's history (recovery_case_event.action), with their names. */
export const ControlEventActions = ['controlRequest', 'controlApprove', 'controlRefuse', 'controlCancel', 'controlSent', 'controlRecalled', 'controlDone', 'controlFailed', 'controlExpired'] as const;
export type ControlEventAction = (typeof ControlEventActions)[number];
export const CONTROL_EVENT_LABELS: Record<ControlEventAction, Label> = {
  controlRequest: { zh: '申请断油断电/恢复', en: 'Requested immobilisation/restore' },
  controlApprove: { zh: '批准断油断电/恢复', en: 'Approved immobilisation/restore' },
  controlRefuse: { zh: '拒绝断油断电/恢复', en: 'Refused immobilisation/restore' },
  controlCancel: { zh: '撤回断油断电/恢复', en: 'Withdrew immobilisation/restore' },
  controlSent: { zh: '下发指令', en: 'Command sent' },
  controlRecalled: { zh: '终端离线，撤回指令', en: 'Command withdrawn, terminal offline' },
  controlDone: { zh: '终端已执行', en: 'Carried out by the terminal' },
  controlFailed: { zh: '终端未执行', en: 'Not carried out by the terminal' },
  controlExpired: { zh: '等待停车超时，已放弃', en: 'Gave up waiting for the car to stop' },
};

const MODEL_MAX = 40;
const code = int({ min: 0, max: 255 });
const text = z.string('请输入指令文本').trim().min(1, '请输入指令文本').max(CONTROL_LIMITS.textMax, `最多${CONTROL_LIMITS.textMax}个字符`);

/** One model's method and what it sends to cut and to restore. */
export const SaveControlMapping = z
  .object({
    model: z.string('请输入设备型号').trim().min(1, '请输入设备型号').max(MODEL_MAX, `最多${MODEL_MAX}个字符`),
    method: z.enum(ControlMethods, '方式应为 terminalControl（0x8105）、vehicleControl（0x8500）或 text（0x8300）'),
    /** 0x8105 control word or 0x8500 flag byte. */
    cutCode: optional(code),
    restoreCode: optional(code),
    /** 0x8500 on a 2019 terminal: the vendor control type the flag is sent as. */
    controlTypeId: optional(int({ min: 1, max: 0xffff })),
    /** 0x8300: the text each sends (a relay command string). */
    cutText: optional(text),
    restoreText: optional(text),
  })
  .superRefine((v, ctx) => {
    const need = (key: 'cutCode' | 'restoreCode' | 'cutText' | 'restoreText', message: string) => {
      if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message });
    };
    if (v.method === 'text') {
      need('cutText', '请输入断油断电的指令文本');
      need('restoreText', '请输入恢复油电的指令文本');
      if (v.cutText !== undefined && v.cutText === v.restoreText) ctx.addIssue({ code: 'custom', path: ['restoreText'], message: '断开与恢复的指令不能相同' });
    } else {
      need('cutCode', '请输入断油断电的控制字（0–255）');
      need('restoreCode', '请输入恢复油电的控制字（0–255）');
      if (v.cutCode !== undefined && v.cutCode === v.restoreCode) ctx.addIssue({ code: 'custom', path: ['restoreCode'], message: '断开与恢复的控制字不能相同' });
    }
  });
export type SaveControlMapping = z.infer<typeof SaveControlMapping>;

export const ControlMappingItem = z.object({
  model: z.string(),
  method: z.enum(ControlMethods),
  cutCode: z.number().nullable(),
  restoreCode: z.number().nullable(),
  controlTypeId: z.number().nullable(),
  cutText: z.string().nullable(),
  restoreText: z.string().nullable(),
  /** Devices of this model in the caller's scope (what a change affects). */
  deviceCount: z.number(),
  updatedAt: z.string(),
});
export type ControlMappingItem = z.infer<typeof ControlMappingItem>;

export const ControlMappingList = z.object({
  list: z.array(ControlMappingItem),
  /** Models of the caller's devices that have no mapping: they cannot be immobilised. */
  unmappedModels: z.array(z.string()),
  /** The caller may change the mapping (a platform administrator). */
  editable: z.boolean(),
});
export type ControlMappingList = z.infer<typeof ControlMappingList>;

export const DeleteControlMapping = z.object({ model: z.string().trim().min(1, '请输入设备型号').max(MODEL_MAX) });
export type DeleteControlMapping = z.infer<typeof DeleteControlMapping>;

export const CONTROL_MAPPING_PLATFORM_ONLY = '只有平台管理员可以修改断油断电指令映射';

/** A request on a case: one device of the case's cars, and why. */
export const ControlRequestCreate = z.object({
  caseId: id(),
  deviceNumber: z.string().trim().min(1, '请选择设备').max(30),
  action: z.enum(ControlActions, '操作应为 cut（断油断电）或 restore（恢复油电）'),
  reason: z.string('请输入原因').trim().min(1, '请输入原因').max(CONTROL_LIMITS.reasonMax, `最多${CONTROL_LIMITS.reasonMax}个字符`),
});
export type ControlRequestCreate = z.infer<typeof ControlRequestCreate>;

export const ControlDecision = z.object({
  id: id(),
  approve: z.boolean('请选择批准或拒绝'),
  /** Required when refusing. */
  note: z.string().trim().max(CONTROL_LIMITS.reasonMax, `最多${CONTROL_LIMITS.reasonMax}个字符`).default(''),
}).refine((v) => v.approve || v.note !== '', { path: ['note'], message: '拒绝时请填写原因' });
export type ControlDecision = z.infer<typeof ControlDecision>;

export const ControlRequestId = z.object({ id: id() });
export type ControlRequestId = z.infer<typeof ControlRequestId>;

export const ControlRequestItem = z.object({
  id: z.number(),
  caseId: z.number(),
  deviceNumber: z.string(),
  model: z.string(),
  method: z.enum(ControlMethods),
  action: z.enum(ControlActions),
  state: z.enum(ControlStates),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** The terminal's answer as recorded (0x0001 result, or 0x0500 with the relay state it reports). */
  answer: z.string().nullable(),
  /** Why a held cut has not gone out yet (the car's speed or fix age), in Chinese. */
  holdReason: z.string().nullable(),
  /** The caller may approve or refuse it (holds vehicle:control, same institution, not the requester). */
  canDecide: z.boolean(),
  /** The caller may withdraw it (the requester, while pending or held). */
  canCancel: z.boolean(),
});
export type ControlRequestItem = z.infer<typeof ControlRequestItem>;

/** The relay as a device last reported it, for the case and the device card. */
export const RelayStatus = z.object({
  deviceNumber: z.string(),
  model: z.string(),
  /** Null: the model has no mapping, so the console cannot immobilise it; `unmappedReason` says so. */
  method: z.enum(ControlMethods).nullable(),
  unmappedReason: z.string().nullable(),
  relay: z.enum(['cut', 'normal']),
  /** When the latest position (carrying the relay bits) was taken; null before any. */
  reportedAt: z.string().nullable(),
  speed: z.number().nullable(),
});
export type RelayStatus = z.infer<typeof RelayStatus>;

export const RelayStatusQuery = z.object({ deviceNumber: z.string().trim().min(1, '请输入设备号').max(30) });
export type RelayStatusQuery = z.infer<typeof RelayStatusQuery>;

const TAG = '断油断电';

export const VehicleControlCalls = {
  mappingList: defineCall({
    method: 'GET',
    path: '/api/vehicleControl/mapping/list',
    summary: '各设备型号的断油断电方式与指令，及本范围内尚无映射（无法断油断电）的型号',
    tag: TAG,
    access: 'device:view',
    reply: ControlMappingList,
  }),
  mappingSave: defineCall({
    method: 'POST',
    path: '/api/vehicleControl/mapping/save',
    summary: '新增或修改一个型号的断油断电指令（仅平台管理员）',
    tag: TAG,
    access: 'user:admin',
    body: SaveControlMapping,
    reply: ControlMappingItem,
  }),
  mappingDelete: defineCall({
    method: 'POST',
    path: '/api/vehicleControl/mapping/delete',
    summary: '删除一个型号的映射：之后该型号不能断油断电（仅平台管理员）',
    tag: TAG,
    access: 'user:admin',
    body: DeleteControlMapping,
    reply: z.null(),
  }),
  relay: defineCall({
    method: 'GET',
    path: '/api/vehicleControl/relay',
    summary: '设备最近上报的油电状态，及该型号能否断油断电',
    tag: TAG,
    access: 'device:view',
    query: RelayStatusQuery,
    reply: RelayStatus,
  }),
};
