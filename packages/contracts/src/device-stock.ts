import { z } from 'zod';
import { defineCall, XLSX_TEMPLATE } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, int, optional, optionalText } from './fields.js';
import { DeviceKinds, type DeviceKind, type Label } from './labels.js';

/**
 * 设备库存 (issue 18): terminals imported into a finance institution's or a dealer's stock (a sheet or a
 * pasted list, all rows or none), transferred between departments while in stock, and retired (an
 * installed one coming off its car). A device is in stock while it is on no car and not retired;
 * installing it is dispatch's work.
 */

export const StockStates = ['stock', 'installed', 'retired'] as const;
export type StockState = (typeof StockStates)[number];
export const STOCK_STATE_LABELS: Record<StockState, Label> = {
  stock: { zh: '库存', en: 'In stock' },
  installed: { zh: '已安装', en: 'Installed' },
  retired: { zh: '已报废', en: 'Retired' },
};

export const DEVICE_STOCK_LIMITS = {
  /** Rows per import: a purchase of 2,000 terminals fits with room to spare. */
  maxRows: 5_000,
  /** The sheet (5,000 rows of the template take about 250 kB). */
  maxFileBytes: 2 * 1024 * 1024,
  /** A pasted list: 5,000 lines of number, model, kind, ICCID and terminal id with room for spaces. */
  maxTextChars: 500_000,
  /** Bad rows listed in the report; beyond this only counted. */
  maxReportedProblems: 1_000,
  /** Devices selected for one transfer or retirement. */
  maxSelected: 1_000,
  /** Refused devices named in a transfer's or retirement's message; the rest are counted. */
  maxNamedRefusals: 20,
  modelMax: 30,
  /** The terminal id a registration carries: 7 characters in JT/T 808-2013, up to 30 in 2019. */
  terminalIdMax: 30,
  reasonMin: 2,
  reasonMax: 100,
} as const;

/**
 * The sheet's columns, in the template's order; a pasted line gives them in this order. 终端ID is
 * optional: when given, the terminal's registration must carry it (docs/security.md).
 */
export const STOCK_SHEET_COLUMNS = [
  { header: '设备号', field: 'deviceNumber' },
  { header: '型号', field: 'model' },
  { header: '类型', field: 'kind' },
  { header: 'ICCID', field: 'iccid' },
  { header: '终端ID', field: 'terminalId' },
] as const;
export type StockRowField = (typeof STOCK_SHEET_COLUMNS)[number]['field'];

/** The kind as typed in a sheet or a list: 有线/无线, or 1/2, or wired/wireless. */
export const STOCK_KIND_WORDS: Record<string, DeviceKind> = {
  有线: 1, 无线: 2, '1': 1, '2': 2, wired: 1, wireless: 2,
};

const StockFile = z.object({
  fileName: z.string().trim().min(1).max(200).regex(/\.xlsx$/i, '请选择 .xlsx 文件'),
  content: z.string().min(1, '文件为空').max(Math.ceil((DEVICE_STOCK_LIMITS.maxFileBytes * 4) / 3) + 4, '文件不能超过2MB'),
});

/**
 * What to import and where: the department (a finance institution or a dealer in the caller's scope)
 * and either a pasted list or an .xlsx sheet as base64. `check` reads it and reports; `import` reads
 * it again, reports the same way, and stores every device or none.
 */
export const StockImportBody = z
  .object({
    deptId: id(),
    /** One device a line: number, model, kind, ICCID, separated by tabs or commas. */
    text: z.string().max(DEVICE_STOCK_LIMITS.maxTextChars, `粘贴内容不能超过${DEVICE_STOCK_LIMITS.maxTextChars}个字符`).optional(),
    file: StockFile.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.text === undefined) === (b.file === undefined)) ctx.addIssue({ code: 'custom', path: ['text'], message: '请粘贴设备清单或选择 .xlsx 文件（二者选一）' });
  });
export type StockImportBody = z.infer<typeof StockImportBody>;

/** A bad row: its line (pasted) or row (sheet) number, the number as given, and every problem of it. */
export const StockImportProblem = z.object({ row: z.number(), deviceNumber: z.string(), problem: z.string() });
export type StockImportProblem = z.infer<typeof StockImportProblem>;

export const StockImportReport = z.object({
  deptId: z.number(),
  deptName: z.string(),
  /** Devices read (blank lines skipped). */
  rows: z.number(),
  wired: z.number(),
  wireless: z.number(),
  /** Stored by this call: every row, or 0 when any row is bad (and always 0 from `check`). */
  imported: z.number(),
  problemCount: z.number(),
  /** The first `maxReportedProblems` bad rows. */
  problems: z.array(StockImportProblem),
});
export type StockImportReport = z.infer<typeof StockImportReport>;

const StockFilterFields = {
  /** The department and its subtree, within the caller's scope (it narrows, never widens). */
  deptId: optional(id()),
  /** Part of the device number. */
  deviceNumber: optionalText(30),
  deviceKind: optional(int({ min: 1, max: 2 }).pipe(z.literal(DeviceKinds))),
};

export const StockListQuery = PageQuery.extend({ ...StockFilterFields, stockState: optional(z.enum(StockStates)) });
export type StockListQuery = z.infer<typeof StockListQuery>;
/** The counts above the table: the list's filters without the state (each state is counted). */
export const StockCountQuery = z.object(StockFilterFields);
export type StockCountQuery = z.infer<typeof StockCountQuery>;
export const StockCounts = z.object({ stock: z.number(), installed: z.number(), retired: z.number() });
export type StockCounts = z.infer<typeof StockCounts>;

export const StockItem = z.object({
  id: z.number(),
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  model: z.string(),
  iccid: z.string(),
  stockState: z.enum(StockStates),
  deptId: z.number(),
  deptName: z.string(),
  /** The institution the department belongs to (itself, for an institution's own stock). */
  financeName: z.string(),
  plateNumber: z.string().nullable(),
  installTime: z.string().nullable(),
  /** When it was imported (filed). */
  createdAt: z.string(),
  /** An accepted install order the device is entered on: it is about to be fitted. */
  heldByOrder: z.number().nullable(),
  retiredAt: z.string().nullable(),
  retiredBy: z.string().nullable(),
  retireReason: z.string().nullable(),
});
export type StockItem = z.infer<typeof StockItem>;

const selected = z
  .array(id())
  .min(1, '请选择设备')
  .max(DEVICE_STOCK_LIMITS.maxSelected, `一次最多选择${DEVICE_STOCK_LIMITS.maxSelected}台设备`)
  .transform((ids) => [...new Set(ids)]);

export const StockTransferBody = z.object({ ids: selected, deptId: id() });
export type StockTransferBody = z.infer<typeof StockTransferBody>;
export const StockTransferResult = z.object({ transferred: z.number(), deptId: z.number(), deptName: z.string() });
export type StockTransferResult = z.infer<typeof StockTransferResult>;

export const StockRetireBody = z.object({
  ids: selected,
  reason: z
    .string()
    .trim()
    .min(DEVICE_STOCK_LIMITS.reasonMin, `请填写报废原因（至少${DEVICE_STOCK_LIMITS.reasonMin}个字）`)
    .max(DEVICE_STOCK_LIMITS.reasonMax, `报废原因最多${DEVICE_STOCK_LIMITS.reasonMax}个字`),
});
export type StockRetireBody = z.infer<typeof StockRetireBody>;
export const StockRetireResult = z.object({
  retired: z.number(),
  /** Of those, the devices that were on a car and were taken off it. */
  removedFromCars: z.number(),
});
export type StockRetireResult = z.infer<typeof StockRetireResult>;

const TAG = '设备库存';

export const DeviceStockCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/system/deviceStock/list',
    summary: '设备库存列表（库存/已安装/已报废），新入库的在前，分页',
    tag: TAG,
    access: 'device:stock',
    body: StockListQuery,
    reply: pageOf(StockItem),
  }),
  counts: defineCall({
    method: 'POST',
    path: '/api/system/deviceStock/counts',
    summary: '按状态统计设备数（与列表相同的筛选，不含状态）',
    tag: TAG,
    access: 'device:stock',
    body: StockCountQuery,
    reply: StockCounts,
  }),
  template: defineCall({
    method: 'GET',
    path: '/api/system/deviceStock/template',
    summary: '设备导入模板（xlsx）',
    tag: TAG,
    access: 'device:stock',
    reply: XLSX_TEMPLATE,
  }),
  check: defineCall({
    method: 'POST',
    path: '/api/system/deviceStock/check',
    summary: '校验待导入的设备清单（不导入），逐行报告问题',
    tag: TAG,
    access: 'device:stock',
    body: StockImportBody,
    reply: StockImportReport,
  }),
  import: defineCall({
    method: 'POST',
    path: '/api/system/deviceStock/import',
    summary: '导入设备到部门库存：全部导入，或有任一行有误时全部不导入并逐行报告',
    tag: TAG,
    access: 'device:stock',
    body: StockImportBody,
    reply: StockImportReport,
  }),
  transfer: defineCall({
    method: 'POST',
    path: '/api/system/deviceStock/transfer',
    summary: '把库存设备调拨到范围内的另一金融机构或经销商（已安装、已报废的拒绝并列出）',
    tag: TAG,
    access: 'device:stock',
    body: StockTransferBody,
    reply: StockTransferResult,
  }),
  retire: defineCall({
    method: 'POST',
    path: '/api/system/deviceStock/retire',
    summary: '报废设备（已安装的从车辆上拆除并记入审计；登记在已接单订单上的拒绝；历史数据保留；终端不能再注册、鉴权或被安装）',
    tag: TAG,
    access: 'device:stock',
    body: StockRetireBody,
    reply: StockRetireResult,
  }),
};
