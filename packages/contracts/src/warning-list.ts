import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import { pageOf } from './envelope.js';
import { id, int, optional, optionalText } from './fields.js';
import { parseTime } from './time.js';
import { codeOf, DealStatus, RiskLevel, WarningTypeCode, warningTypeField } from './warning.js';

/** Handling content (console-spec §5, server-behaviour §5). */
export const DEAL_DESCRIPTION_MIN = 3;
export const DEAL_DESCRIPTION_MAX = 100;
export const WARNING_PAGE_SIZE_MAX = 100;
/** unifyDealBatch takes at most this many warnings at once. */
export const DEAL_BATCH_MAX = 500;
export const WARNING_QUICK_LIMIT = 10;

/** getRiskWarningTypeDict: the eleven types in code order, with their default level. */
export const WarningTypeDictItem = z.object({ code: WarningTypeCode, name: z.string(), nameEn: z.string(), riskLevel: RiskLevel });
export type WarningTypeDictItem = z.infer<typeof WarningTypeDictItem>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A time bound as the filters send it: `YYYY-MM-DD HH:mm:ss`, or a bare day `YYYY-MM-DD` that means
 * the whole day (from 00:00:00 as a begin, through 23:59:59 as an end). Null when it is neither.
 */
export function warningTimeBound(text: string, side: 'begin' | 'end'): number | null {
  const t = text.trim();
  if (DAY.test(t)) return parseTime(`${t} ${side === 'begin' ? '00:00:00' : '23:59:59'}`);
  return parseTime(t);
}

/**
 * The riskWarning route's `warningTime` query: `begin,end` (each a day or a time), or one day alone.
 * Null when it cannot be read.
 */
export function parseWarningTime(text: string): { beginDate: string; endDate: string } | null {
  const parts = text.split(',').map((p) => p.trim());
  const [begin, end] = parts.length === 1 && DAY.test(parts[0]!) ? [parts[0]!, parts[0]!] : parts;
  if (parts.length > 2 || !begin || !end) return null;
  if (warningTimeBound(begin, 'begin') === null || warningTimeBound(end, 'end') === null) return null;
  return { beginDate: begin, endDate: end };
}

const boundField = (side: 'begin' | 'end') =>
  optional(z.string().refine((v) => warningTimeBound(v, side) !== null, '格式应为 YYYY-MM-DD HH:mm:ss 或 YYYY-MM-DD'));

export const WarningSortFields = ['warningTime', 'riskLevel'] as const;
export type WarningSortField = (typeof WarningSortFields)[number];

/**
 * findList's and the exports' filters. The time range bounds `warningTime`, given either as
 * beginDate/endDate or as the route's `warningTime` text (see parseWarningTime); beginDate/endDate win.
 * Sorting: `warningTime` (default, desc = newest first) or `riskLevel` by severity (desc = high first);
 * ties always fall back to newest first, then id, so pages never overlap.
 */
export const WarningFilters = z
  .object({
    warningType: optional(warningTypeField()),
    dealStatus: optional(codeOf([0, 1])),
    riskLevel: optional(codeOf([1, 2, 3])),
    customerPhone: optionalText(20),
    deviceNumber: optionalText(32),
    warningTime: optional(
      z.string().refine((v) => parseWarningTime(v) !== null, '格式应为 开始,结束（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）'),
    ),
    beginDate: boundField('begin'),
    endDate: boundField('end'),
    deptId: optional(id()),
    sortField: optional(z.enum(WarningSortFields)),
    sortOrder: optional(z.enum(['asc', 'desc'])),
  });
export type WarningFilters = z.infer<typeof WarningFilters>;

/** The epoch-ms bounds the filters ask for (beginDate/endDate first, else `warningTime`). */
export function warningTimeRange(f: Pick<WarningFilters, 'beginDate' | 'endDate' | 'warningTime'>): { from?: number; to?: number } {
  const fromText = f.warningTime ? parseWarningTime(f.warningTime) : null;
  const begin = f.beginDate ?? fromText?.beginDate;
  const end = f.endDate ?? fromText?.endDate;
  return {
    ...(begin ? { from: warningTimeBound(begin, 'begin')! } : {}),
    ...(end ? { to: warningTimeBound(end, 'end')! } : {}),
  };
}

const inOrder = (f: WarningFilters) => {
  const { from, to } = warningTimeRange(f);
  return from === undefined || to === undefined || from <= to;
};
const RANGE_MESSAGE = { message: '开始时间不能晚于结束时间', path: ['beginDate'] };

export const WarningExportQuery = WarningFilters.refine(inOrder, RANGE_MESSAGE);
export type WarningExportQuery = z.infer<typeof WarningExportQuery>;

export const WarningListQuery = WarningFilters.extend({
  pageNumber: int({ min: 1, max: 1_000_000 }).default(1),
  pageSize: int({ min: 1, max: WARNING_PAGE_SIZE_MAX }).default(20),
}).refine(inOrder, RANGE_MESSAGE);
export type WarningListQuery = z.infer<typeof WarningListQuery>;

/** What every view of a warning starts with: which one, what kind, how serious, whether handled. */
export const WarningHead = z.object({
  id: z.number(),
  warningType: WarningTypeCode,
  warningTypeName: z.string(),
  riskLevel: RiskLevel,
  /** Raised with a risk-point stay within 72 h: operators see these first. */
  compound: z.boolean(),
  dealStatus: DealStatus,
});
export type WarningHead = z.infer<typeof WarningHead>;

/** One warning in the list, the exports, findQuick and findByDeviceNumberAndWarningType. */
export const WarningListItem = WarningHead.extend({
  deviceNumber: z.string(),
  customerName: z.string().nullable(),
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: z.string().nullable(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  warningTime: z.string(),
  plateNumber: z.string().nullable(),
  carFrameNumber: z.string().nullable(),
  carid: z.number().nullable(),
  deptId: z.number(),
  /** The dealer the warning belongs to. */
  deptName: z.string(),
  dealTime: z.string().nullable(),
  dealUserName: z.string().nullable(),
  dealDescription: z.string().nullable(),
});
export type WarningListItem = z.infer<typeof WarningListItem>;

export const DealDescription = z
  .string()
  .trim()
  .min(DEAL_DESCRIPTION_MIN)
  .max(DEAL_DESCRIPTION_MAX);

/**
 * The treat form (console-spec §3). unifyDeal handles this warning and the earlier unhandled ones of
 * the same device and type; treatRiskWarning handles this one only. warningType and deviceNumber,
 * when given, must be the warning's own (a stale form answers 404, it never handles another warning).
 */
export const TreatForm = z.object({
  id: id(),
  dealDescription: DealDescription,
  warningType: optional(warningTypeField()),
  deviceNumber: optionalText(32),
});
export type TreatForm = z.infer<typeof TreatForm>;

/** unifyDealBatch: all of the chosen warnings are handled, or none (409 when any already was). */
export const DealBatchForm = z.object({
  ids: z
    .array(id(), '请选择要处理的预警')
    .min(1, '请选择要处理的预警')
    .max(DEAL_BATCH_MAX, `一次最多处理${DEAL_BATCH_MAX}条预警`)
    .refine((ids) => new Set(ids).size === ids.length, '不能重复'),
  dealDescription: DealDescription,
});
export type DealBatchForm = z.infer<typeof DealBatchForm>;

/** What a handling call answers (and its msg says: 处理成功，共处理N条预警). */
export const DealResult = z.object({ ids: z.array(z.number()), count: z.number() });
export type DealResult = z.infer<typeof DealResult>;

export const dealSuccessMessage = (count: number) => `处理成功，共处理${count}条预警`;

/** GET findByDeviceNumberAndWarningType: the device's unhandled warnings of that type, newest first. */
export const DeviceWarningsQuery = z.object({
  deviceNumber: z.string().trim().min(1).max(32),
  warningType: warningTypeField(),
});
export type DeviceWarningsQuery = z.infer<typeof DeviceWarningsQuery>;

/** GET getWarningCountByCarid. */
export const CarWarningCountQuery = z.object({ carid: id() });
export type CarWarningCountQuery = z.infer<typeof CarWarningCountQuery>;
export const CarWarningTypeCount = z.object({ warningType: WarningTypeCode, warningTypeName: z.string(), total: z.number(), unhandled: z.number() });
export type CarWarningTypeCount = z.infer<typeof CarWarningTypeCount>;
/** Every type, zeros included, plus the car's totals. */
export const CarWarningCount = z.object({ list: z.array(CarWarningTypeCount), total: z.number(), unhandled: z.number() });
export type CarWarningCount = z.infer<typeof CarWarningCount>;

/** POST findQuick: device number, customer phone or name, plate or frame number containing the text. */
export const WarningQuickQuery = z.object({
  quickParam: z.string().trim().min(1, '请输入设备号/手机号/车牌号/车架号/姓名').max(50),
});
export type WarningQuickQuery = z.infer<typeof WarningQuickQuery>;

/** `event: warningHandled` on the live stream: these warnings (of these departments) were just handled. */
export type WarningHandledEvent = { ids: number[]; deptIds: number[] };

/**
 * GET findNextUnhandled?id=: the operator's next warning after this one, i.e. the first unhandled
 * warning in scope below it in the list's default order (newest first), else the newest unhandled
 * one above it; null when none is left. The id must be in scope (404 otherwise).
 */
export const NextWarningQuery = z.object({ id: id() });
export type NextWarningQuery = z.infer<typeof NextWarningQuery>;
export const NextWarning = z.object({ entity: WarningListItem.nullable() });
export type NextWarning = z.infer<typeof NextWarning>;

const TAG = '风险预警';
const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item) });

/** The risk-warning list and its handling (console-spec §7; `treat` is the named call without a path). */
export const WarningCalls = {
  typeDict: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/getRiskWarningTypeDict',
    summary: '预警类型字典：十一种类型，按代码排序，附默认风险等级',
    tag: TAG,
    access: 'warning:view',
    reply: z.array(WarningTypeDictItem),
  }),
  list: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/findList',
    summary: '风险预警列表，按条件筛选、排序、分页',
    tag: TAG,
    access: 'warning:view',
    body: WarningListQuery,
    reply: pageOf(WarningListItem),
  }),
  unifyDeal: defineCall({
    method: 'PUT',
    path: '/api/report/riskWarning/unifyDeal',
    summary: '处理该预警及同一设备同类型更早的未处理预警',
    tag: TAG,
    access: 'warning:handle',
    body: TreatForm,
    reply: DealResult,
  }),
  treat: defineCall({
    method: 'PUT',
    path: '/api/report/riskWarning/treatRiskWarning',
    summary: '只处理该预警',
    tag: TAG,
    access: 'warning:handle',
    body: TreatForm,
    reply: DealResult,
  }),
  unifyDealBatch: defineCall({
    method: 'PUT',
    path: '/api/report/riskWarning/unifyDealBatch',
    summary: '批量处理所选预警：全部处理，或一条也不处理',
    tag: TAG,
    access: 'warning:handle',
    body: DealBatchForm,
    reply: DealResult,
  }),
  byDeviceAndType: defineCall({
    method: 'GET',
    path: '/api/report/riskWarning/findByDeviceNumberAndWarningType',
    summary: '设备某类型的未处理预警，新的在前',
    tag: TAG,
    access: 'warning:view',
    query: DeviceWarningsQuery,
    reply: listOf(WarningListItem),
  }),
  nextUnhandled: defineCall({
    method: 'GET',
    path: '/api/report/riskWarning/findNextUnhandled',
    summary: '下一条未处理预警：按列表默认顺序（新的在前）排在该预警之后的第一条',
    tag: TAG,
    access: 'warning:view',
    query: NextWarningQuery,
    reply: NextWarning,
  }),
  countByCar: defineCall({
    method: 'GET',
    path: '/api/report/riskWarning/getWarningCountByCarid',
    summary: '车辆各类型的预警数与未处理数',
    tag: TAG,
    access: 'warning:view',
    query: CarWarningCountQuery,
    reply: CarWarningCount,
  }),
  quick: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/findQuick',
    summary: '按设备号、手机号、车牌号、车架号或姓名快速查找预警（最多10条）',
    tag: TAG,
    access: 'warning:view',
    body: WarningQuickQuery,
    reply: listOf(WarningListItem),
  }),
  download: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/download',
    summary: '导出符合条件的风险预警（xlsx）',
    tag: TAG,
    access: 'warning:export',
    body: WarningExportQuery,
    reply: XLSX_FILE,
  }),
  downloadCustomer: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/downloadWarningCountCustomer',
    summary: '导出按客户统计的预警数（xlsx）',
    tag: TAG,
    access: 'warning:export',
    body: WarningExportQuery,
    reply: XLSX_FILE,
  }),
};
