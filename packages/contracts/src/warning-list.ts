import { z } from 'zod';
import { optionalText } from './fields.js';
import { parseTime } from './time.js';
import { WARNING_TYPE_CODES, type RiskLevel, type WarningTypeCode } from './warning.js';

const BASE = '/api/report/riskWarning';

/** The risk-warning list and its handling (console-spec §7; `treat` is the named call without a path). */
export const WARNING_LIST_PATHS = {
  typeDict: `${BASE}/getRiskWarningTypeDict`,
  list: `${BASE}/findList`,
  unifyDeal: `${BASE}/unifyDeal`,
  unifyDealBatch: `${BASE}/unifyDealBatch`,
  treat: `${BASE}/treatRiskWarning`,
  byDeviceAndType: `${BASE}/findByDeviceNumberAndWarningType`,
  countByCar: `${BASE}/getWarningCountByCarid`,
  quick: `${BASE}/findQuick`,
  download: `${BASE}/download`,
  downloadCustomer: `${BASE}/downloadWarningCountCustomer`,
} as const;

/** Handling content (console-spec §5, server-behaviour §5). */
export const DEAL_DESCRIPTION_MIN = 3;
export const DEAL_DESCRIPTION_MAX = 100;
export const WARNING_PAGE_SIZE_MAX = 100;
/** unifyDealBatch takes at most this many warnings at once. */
export const DEAL_BATCH_MAX = 500;
export const WARNING_QUICK_LIMIT = 10;

/** getRiskWarningTypeDict: the eleven types in code order, with their default level. */
export type WarningTypeDictItem = { code: WarningTypeCode; name: string; nameEn: string; riskLevel: RiskLevel };

/** '' and null (antd forms, URL params) are absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const warningTypeField = z.coerce
  .number('预警类型必须是数字')
  .int('预警类型必须是整数')
  .refine((v) => (WARNING_TYPE_CODES as number[]).includes(v), '预警类型无效')
  .transform((v) => v as WarningTypeCode);

const positiveId = (what: string) => z.coerce.number(`${what}必须是数字`).int(`${what}必须是整数`).positive(`${what}无效`);

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

const boundField = (what: string, side: 'begin' | 'end') =>
  z.preprocess(
    blankToUndefined,
    z.string().refine((v) => warningTimeBound(v, side) !== null, `${what}格式应为 YYYY-MM-DD HH:mm:ss 或 YYYY-MM-DD`).optional(),
  );

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
    warningType: z.preprocess(blankToUndefined, warningTypeField.optional()),
    dealStatus: z.preprocess(blankToUndefined, z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], '处理状态只能是0或1')).optional()),
    riskLevel: z.preprocess(blankToUndefined, z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], '风险等级只能是1、2或3')).optional()),
    customerPhone: optionalText(20),
    deviceNumber: optionalText(32),
    warningTime: z.preprocess(
      blankToUndefined,
      z.string().refine((v) => parseWarningTime(v) !== null, '预警时间格式应为 开始,结束（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）').optional(),
    ),
    beginDate: boundField('开始时间', 'begin'),
    endDate: boundField('结束时间', 'end'),
    deptId: z.preprocess(blankToUndefined, positiveId('经销商').optional()),
    sortField: z.preprocess(blankToUndefined, z.enum(WarningSortFields, '排序字段只能是 warningTime 或 riskLevel').optional()),
    sortOrder: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], '排序方向只能是 asc 或 desc').optional()),
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
  pageNumber: z.coerce.number('pageNumber必须是数字').int('pageNumber必须是整数').min(1, 'pageNumber不能小于1').max(1_000_000).default(1),
  pageSize: z.coerce
    .number('pageSize必须是数字')
    .int('pageSize必须是整数')
    .min(1, 'pageSize不能小于1')
    .max(WARNING_PAGE_SIZE_MAX, `pageSize不能大于${WARNING_PAGE_SIZE_MAX}`)
    .default(20),
}).refine(inOrder, RANGE_MESSAGE);
export type WarningListQuery = z.infer<typeof WarningListQuery>;

/** What every view of a warning starts with: which one, what kind, how serious, whether handled. */
export type WarningHead = {
  id: number;
  warningType: WarningTypeCode;
  warningTypeName: string;
  riskLevel: RiskLevel;
  /** Raised with a risk-point stay within 72 h: operators see these first. */
  compound: boolean;
  dealStatus: 0 | 1;
};

/** One warning in the list, the exports, findQuick and findByDeviceNumberAndWarningType. */
export type WarningListItem = WarningHead & {
  deviceNumber: string;
  customerName: string | null;
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: string | null;
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  warningTime: string;
  plateNumber: string | null;
  carFrameNumber: string | null;
  carid: number | null;
  deptId: number;
  /** The dealer the warning belongs to. */
  deptName: string;
  dealTime: string | null;
  dealUserName: string | null;
  dealDescription: string | null;
};

export const DealDescription = z
  .string('请输入处理内容')
  .trim()
  .min(DEAL_DESCRIPTION_MIN, `处理内容至少${DEAL_DESCRIPTION_MIN}个字符`)
  .max(DEAL_DESCRIPTION_MAX, `处理内容最多${DEAL_DESCRIPTION_MAX}个字符`);

/**
 * The treat form (console-spec §3). unifyDeal handles this warning and the earlier unhandled ones of
 * the same device and type; treatRiskWarning handles this one only. warningType and deviceNumber,
 * when given, must be the warning's own (a stale form answers 404, it never handles another warning).
 */
export const TreatForm = z.object({
  id: positiveId('预警编号'),
  dealDescription: DealDescription,
  warningType: z.preprocess(blankToUndefined, warningTypeField.optional()),
  deviceNumber: optionalText(32),
});
export type TreatForm = z.infer<typeof TreatForm>;

/** unifyDealBatch: all of the chosen warnings are handled, or none (409 when any already was). */
export const DealBatchForm = z.object({
  ids: z
    .array(positiveId('预警编号'), '请选择要处理的预警')
    .min(1, '请选择要处理的预警')
    .max(DEAL_BATCH_MAX, `一次最多处理${DEAL_BATCH_MAX}条预警`)
    .refine((ids) => new Set(ids).size === ids.length, '预警编号不能重复'),
  dealDescription: DealDescription,
});
export type DealBatchForm = z.infer<typeof DealBatchForm>;

/** What a handling call answers (and its msg says: 处理成功，共处理N条预警). */
export type DealResult = { ids: number[]; count: number };

export const dealSuccessMessage = (count: number) => `处理成功，共处理${count}条预警`;

/** GET findByDeviceNumberAndWarningType: the device's unhandled warnings of that type, newest first. */
export const DeviceWarningsQuery = z.object({
  deviceNumber: z.string('请输入设备号').trim().min(1, '请输入设备号').max(32, '设备号最多32个字符'),
  warningType: warningTypeField,
});
export type DeviceWarningsQuery = z.infer<typeof DeviceWarningsQuery>;

/** GET getWarningCountByCarid. */
export const CarWarningCountQuery = z.object({ carid: positiveId('车辆编号') });
export type CarWarningCountQuery = z.infer<typeof CarWarningCountQuery>;
export type CarWarningTypeCount = { warningType: WarningTypeCode; warningTypeName: string; total: number; unhandled: number };
/** Every type, zeros included, plus the car's totals. */
export type CarWarningCount = { list: CarWarningTypeCount[]; total: number; unhandled: number };

/** POST findQuick: device number, customer phone or name, plate or frame number containing the text. */
export const WarningQuickQuery = z.object({
  quickParam: z.string('请输入设备号/手机号/车牌号/车架号/姓名').trim().min(1, '请输入设备号/手机号/车牌号/车架号/姓名').max(50, '最多50个字符'),
});
export type WarningQuickQuery = z.infer<typeof WarningQuickQuery>;

/** `event: warningHandled` on the live stream: these warnings (of these departments) were just handled. */
export type WarningHandledEvent = { ids: number[]; deptIds: number[] };
