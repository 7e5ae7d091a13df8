import { z } from 'zod';
import { PageQuery, pageOf } from './envelope.js';
import { id, int, optional, optionalText, TimeText, timeRangeInOrder } from './fields.js';
import type { Label } from './labels.js';
import { ControlRequestItem, RelayStatus } from './vehicle-control.js';

/**
 * Recovery (贷后追车, issue 32): a case from the first sign of trouble to the car back in the lot. It is
 * opened on a customer and their cars, assigned to a recovery team (a 追车公司 department under the
 * institution), and moves through the states below, each change with who, when and why.
 */

export const CaseStates = ['unassigned', 'assigned', 'locating', 'found', 'recovered', 'settled', 'unrecovered'] as const;
export type CaseState = (typeof CaseStates)[number];
export const CASE_STATE_LABELS: Record<CaseState, Label> = {
  unassigned: { zh: '待分配', en: 'Unassigned' },
  assigned: { zh: '已分配', en: 'Assigned' },
  locating: { zh: '定位中', en: 'Locating' },
  found: { zh: '已找到', en: 'Found' },
  recovered: { zh: '已收车', en: 'Recovered' },
  settled: { zh: '已结清', en: 'Settled' },
  unrecovered: { zh: '未收回关闭', en: 'Closed unrecovered' },
};
/** A case in one of these is closed: its team no longer sees the cars, its links stop working. */
export const CLOSED_CASE_STATES: readonly CaseState[] = ['recovered', 'settled', 'unrecovered'];
export const isCaseOpen = (state: CaseState) => !CLOSED_CASE_STATES.includes(state);

/** What a user does to a case; the server checks the state allows it (409 naming the state otherwise). */
export const CaseActions = ['assign', 'locate', 'found', 'recover', 'settle', 'close', 'reopen'] as const;
export type CaseAction = (typeof CaseActions)[number];
export const CASE_ACTION_LABELS: Record<CaseAction, Label> = {
  assign: { zh: '分配追车公司', en: 'Assign a team' },
  locate: { zh: '开始定位', en: 'Start locating' },
  found: { zh: '已找到车辆', en: 'Car found' },
  recover: { zh: '已收车', en: 'Recovered' },
  settle: { zh: '客户已结清', en: 'Settled' },
  close: { zh: '未收回关闭', en: 'Close unrecovered' },
  reopen: { zh: '重新打开', en: 'Reopen' },
};

/** From which states each action may be taken, and where it leads (reopen: back to 已分配, or 待分配 without a team). */
export const CASE_TRANSITIONS: Record<CaseAction, { from: readonly CaseState[]; to: CaseState | null }> = {
  assign: { from: ['unassigned', 'assigned', 'locating', 'found'], to: 'assigned' },
  locate: { from: ['assigned', 'found'], to: 'locating' },
  found: { from: ['assigned', 'locating'], to: 'found' },
  recover: { from: ['assigned', 'locating', 'found'], to: 'recovered' },
  settle: { from: ['unassigned', 'assigned', 'locating', 'found'], to: 'settled' },
  close: { from: ['unassigned', 'assigned', 'locating', 'found'], to: 'unrecovered' },
  reopen: { from: CLOSED_CASE_STATES, to: null },
};
/** What the recovery team itself may do on its own cases; the rest is the institution's. */
export const TEAM_CASE_ACTIONS: readonly CaseAction[] = ['locate', 'found', 'recover'];

export const CaseSources = ['overdue', 'warning', 'portrait', 'manual'] as const;
export type CaseSource = (typeof CaseSources)[number];
export const CASE_SOURCE_LABELS: Record<CaseSource, Label> = {
  overdue: { zh: '逾期客户', en: 'Overdue customer' },
  warning: { zh: '风险预警', en: 'Risk warning' },
  portrait: { zh: '用户画像', en: 'User portrait' },
  manual: { zh: '手工新建', en: 'Opened by hand' },
};

export const RECOVERY_LIMITS = {
  reasonMax: 200,
  /** A field link lasts this long unless set otherwise… */
  linkDefaultHours: 24,
  /** …and never longer. */
  linkMaxHours: 72,
  linkLabelMax: 30,
  /** Links alive at once on one case. */
  maxLiveLinksPerCase: 10,
  /** Stops shown on the case page and the field page. */
  lastStops: 10,
} as const;

const reason = z.string('请填写原因').trim().min(1, '请填写原因').max(RECOVERY_LIMITS.reasonMax, `最多${RECOVERY_LIMITS.reasonMax}个字符`);

export const CaseOpen = z.object({
  customerId: id(),
  /** The customer's cars the case is about; absent: all of them. */
  carIds: z.array(id()).min(1, '请至少选择一辆车').max(20, '一次最多20辆车').optional(),
  source: z.enum(CaseSources, '来源应为 overdue、warning、portrait 或 manual'),
  /** The warning it was opened from (source warning). */
  warningId: optional(id()),
  reason,
  /** Assign at once; else the case waits in 待分配. */
  teamDeptId: optional(id()),
}).refine((v) => v.source !== 'warning' || v.warningId !== undefined, { path: ['warningId'], message: '从预警新建时请指明预警' });
export type CaseOpen = z.infer<typeof CaseOpen>;

export const CaseChange = z.object({
  id: id(),
  action: z.enum(CaseActions, '未知的操作'),
  reason,
  /** assign: the team. */
  teamDeptId: optional(id()),
}).refine((v) => v.action !== 'assign' || v.teamDeptId !== undefined, { path: ['teamDeptId'], message: '请选择追车公司' });
export type CaseChange = z.infer<typeof CaseChange>;

export const CaseId = z.object({ id: id() });
export type CaseId = z.infer<typeof CaseId>;

export const CaseListFields = PageQuery.extend({
  state: optional(z.enum(CaseStates)),
  /** Only open (true) or closed (false) cases. */
  open: optional(z.enum(['true', 'false']).transform((v) => v === 'true')),
  /** Customer name, plate or frame number, contained. */
  keyword: optionalText(50),
  /** The car's department subtree. */
  deptId: optional(id()),
  teamDeptId: optional(id()),
  openedStart: TimeText.optional(),
  openedEnd: TimeText.optional(),
});
export const CaseListQuery = CaseListFields.superRefine(timeRangeInOrder('openedStart', 'openedEnd', '开始时间不能晚于结束时间'));
export type CaseListQuery = z.infer<typeof CaseListQuery>;

export const CaseCar = z.object({
  carId: z.number(),
  plateNumber: z.string().nullable(),
  frameNumber: z.string(),
  brand: z.string().nullable(),
});
export type CaseCar = z.infer<typeof CaseCar>;

export const CaseItem = z.object({
  id: z.number(),
  /** Shown to people: R + the opening day + the id (R20261129-000123). */
  caseNo: z.string(),
  state: z.enum(CaseStates),
  source: z.enum(CaseSources),
  reason: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  cars: z.array(CaseCar),
  /** The cars' department (dealer) and institution. */
  deptId: z.number(),
  deptName: z.string(),
  financeName: z.string(),
  teamDeptId: z.number().nullable(),
  teamName: z.string().nullable(),
  /** Days overdue and amount owed when it was opened from an overdue customer (the loan's figures now). */
  overdueDays: z.number().nullable(),
  openedBy: z.string().nullable(),
  openedAt: z.string(),
  assignedAt: z.string().nullable(),
  firstFoundAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Minutes from opening to now (open) or to closing; to first found; to recovered. */
  openMinutes: z.number(),
  minutesToFound: z.number().nullable(),
  minutesToRecovered: z.number().nullable(),
  updatedAt: z.string(),
});
export type CaseItem = z.infer<typeof CaseItem>;

export const CasePage = pageOf(CaseItem).extend({ stateCounts: z.record(z.string(), z.number()) });
export type CasePage = z.infer<typeof CasePage>;

export const CaseEvent = z.object({
  at: z.string(),
  /** Null for the server itself (a link that stopped with its case, a held command sent). */
  by: z.string().nullable(),
  action: z.string(),
  /** The action in Chinese: 分配追车公司, 已找到车辆, 创建外勤链接… */
  actionName: z.string(),
  fromState: z.enum(CaseStates).nullable(),
  toState: z.enum(CaseStates).nullable(),
  reason: z.string().nullable(),
});
export type CaseEvent = z.infer<typeof CaseEvent>;

/** A car's device on the case: where it is now and its relay. */
export const CaseDevice = RelayStatus.extend({
  carId: z.number(),
  kind: z.number(),
  online: z.boolean(),
  /** WGS-84; null before any fix. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  address: z.string().nullable(),
});
export type CaseDevice = z.infer<typeof CaseDevice>;

export const CasePlace = z.object({ carId: z.number(), kind: z.enum(['home', 'work']), lng: z.number(), lat: z.number(), address: z.string().nullable() });
export type CasePlace = z.infer<typeof CasePlace>;

export const CaseStop = z.object({
  carId: z.number(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  minutes: z.number(),
  lng: z.number(),
  lat: z.number(),
  address: z.string().nullable(),
});
export type CaseStop = z.infer<typeof CaseStop>;

export const CaseWarning = z.object({ id: z.number(), typeName: z.string(), time: z.string(), plateNumber: z.string().nullable(), handled: z.boolean() });
export type CaseWarning = z.infer<typeof CaseWarning>;

export const FieldLinkItem = z.object({
  id: z.number(),
  label: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Works now: not expired, not revoked, the case open. */
  live: z.boolean(),
  opens: z.number(),
  lastOpenedAt: z.string().nullable(),
});
export type FieldLinkItem = z.infer<typeof FieldLinkItem>;

export const CaseDetail = z.object({
  case: CaseItem,
  /** Null when the caller may not see the cars now (a team's closed case). */
  devices: z.array(CaseDevice).nullable(),
  places: z.array(CasePlace),
  stops: z.array(CaseStop),
  warnings: z.array(CaseWarning),
  history: z.array(CaseEvent),
  links: z.array(FieldLinkItem),
  controls: z.array(ControlRequestItem),
  /** What the caller may do now (the buttons the page shows). */
  actions: z.array(z.enum(CaseActions)),
  canLink: z.boolean(),
  canRequestControl: z.boolean(),
  /** Read only: a dealer, or a team's closed case. */
  readOnly: z.boolean(),
});
export type CaseDetail = z.infer<typeof CaseDetail>;

export const RecoveryTeam = z.object({ id: z.number(), name: z.string(), financeId: z.number(), openCases: z.number(), disabled: z.boolean() });
export type RecoveryTeam = z.infer<typeof RecoveryTeam>;

export const RecoveryTeamsQuery = z.object({ caseId: optional(id()) });
export type RecoveryTeamsQuery = z.infer<typeof RecoveryTeamsQuery>;

/** The figures of the home page and the data board. */
export const RecoverySummary = z.object({
  open: z.number(),
  /** Cases whose car was first found in the last 24 hours. */
  foundLast24h: z.number(),
  recoveredThisMonth: z.number(),
  /** Immobilisation requests the caller may decide now. */
  awaitingMyApproval: z.number(),
});
export type RecoverySummary = z.infer<typeof RecoverySummary>;

export const FieldLinkCreate = z.object({
  caseId: id(),
  hours: int({ min: 1, max: RECOVERY_LIMITS.linkMaxHours }).default(RECOVERY_LIMITS.linkDefaultHours),
  /** Who the link is for (a name or a phone), shown on the case. */
  label: z.string('请填写链接的使用人').trim().min(1, '请填写链接的使用人').max(RECOVERY_LIMITS.linkLabelMax, `最多${RECOVERY_LIMITS.linkLabelMax}个字符`),
});
export type FieldLinkCreate = z.infer<typeof FieldLinkCreate>;

/** The link's address is shown once, when created: only its hash is stored. */
export const FieldLinkCreated = FieldLinkItem.extend({ token: z.string() });
export type FieldLinkCreated = z.infer<typeof FieldLinkCreated>;

export const FieldLinkId = z.object({ id: id() });
export type FieldLinkId = z.infer<typeof FieldLinkId>;

export const FieldLinkOpen = z.object({ at: z.string(), ip: z.string(), userAgent: z.string(), linkLabel: z.string() });
export type FieldLinkOpen = z.infer<typeof FieldLinkOpen>;

/** A field link's token: 32 random bytes, base64url (43 characters). */
export const FIELD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const FieldToken = z.string().regex(FIELD_TOKEN_PATTERN, '链接无效');
export const FieldViewQuery = z.object({ token: FieldToken });
export type FieldViewQuery = z.infer<typeof FieldViewQuery>;

/** What a field phone sees: the car, where it is, its last stops; nothing about the customer or the loan. */
export const FieldView = z.object({
  caseNo: z.string(),
  plateNumber: z.string().nullable(),
  brand: z.string().nullable(),
  expiresAt: z.string(),
  positions: z.array(z.object({
    deviceNumber: z.string(),
    lng: z.number().nullable(),
    lat: z.number().nullable(),
    speed: z.number().nullable(),
    time: z.string().nullable(),
    address: z.string().nullable(),
    online: z.boolean(),
  })),
  stops: z.array(CaseStop.omit({ carId: true })),
});
export type FieldView = z.infer<typeof FieldView>;

/** Why a link no longer opens; the page says so and nothing about the car. */
export const FIELD_LINK_GONE = {
  expired: '链接已过期',
  revoked: '链接已被撤销',
  closed: '案件已结案，链接已失效',
  unknown: '链接无效',
} as const;
export type FieldLinkGone = keyof typeof FIELD_LINK_GONE;

/** The field page's live stream: `event: position` with FieldView['positions'], `event: gone` with the reason. */
export const FIELD_STREAM_PATH = '/api/field/stream';
export const FIELD_STREAM_POLL_MS = 3000;

