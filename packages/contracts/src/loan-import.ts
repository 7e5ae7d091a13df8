import { z } from 'zod';
import { defineCall, XLSX_TEMPLATE } from './api/call.js';
import { id } from './fields.js';
import { LoanStatuses } from './labels.js';

/**
 * Loans in (issue 14): a sheet uploaded on the customer screens, or the same rows as JSON from an
 * integration. Each row is checked; when any row is bad nothing is stored and every bad row is
 * reported. A contract number already stored is updated (it must be in the importer's scope). A
 * customer is found by identity number within the row's dealer, else created. A row with a frame
 * number also registers the financed car (or updates it), so an install order can be raised for it.
 */

/** One loan row as an integration sends it; the sheet's columns carry the same fields. */
export const LoanRow = z.object({
  customerName: z.string(),
  phone: z.string(),
  idCard: z.string(),
  address: z.string().optional(),
  /** The dealer's name, a dealer in the importer's scope. */
  dealerName: z.string(),
  contractNo: z.string(),
  /** Yuan, at most two decimals. */
  loanAmount: z.union([z.number(), z.string()]),
  termMonths: z.union([z.number(), z.string()]),
  repaymentDay: z.union([z.number(), z.string()]),
  /** YYYY-MM-DD. */
  startDate: z.string(),
  overdueDays: z.union([z.number(), z.string()]).optional(),
  /** Yuan; when absent, the instalments missed: amount ÷ term × ⌈overdue days ÷ 30⌉. */
  overdueAmount: z.union([z.number(), z.string()]).optional(),
  /** normal / overdue / settled, or 正常 / 逾期 / 结清; when absent, overdue if overdue days > 0. */
  loanStatus: z.string().optional(),
  /**
   * The financed car's frame number (VIN, GB 16735: 17 letters and digits without I, O, Q, its check
   * character 9th). Optional: without it the row is a loan only. With it, brand and model are required.
   */
  frameNumber: z.string().optional(),
  /** 浙A12345, or a new-energy 浙AD12345; a car is often financed before it has one. */
  plateNumber: z.string().optional(),
  /** A brand of the catalogue (the brand filter of 客户车辆 lists them). */
  brandName: z.string().optional(),
  /** A model of that brand in the catalogue. */
  modelName: z.string().optional(),
  color: z.string().optional(),
});
export type LoanRow = z.infer<typeof LoanRow>;

/** The sheet's columns, in the template's order: header text and the row field it fills. */
export const LOAN_SHEET_COLUMNS = [
  { header: '客户姓名', field: 'customerName', required: true },
  { header: '手机号', field: 'phone', required: true },
  { header: '身份证号', field: 'idCard', required: true },
  { header: '地址', field: 'address', required: false },
  { header: '经销商', field: 'dealerName', required: true },
  { header: '合同号', field: 'contractNo', required: true },
  { header: '贷款金额(元)', field: 'loanAmount', required: true },
  { header: '期数(月)', field: 'termMonths', required: true },
  { header: '还款日', field: 'repaymentDay', required: true },
  { header: '放款日期', field: 'startDate', required: true },
  { header: '逾期天数', field: 'overdueDays', required: false },
  { header: '逾期金额(元)', field: 'overdueAmount', required: false },
  { header: '贷款状态', field: 'loanStatus', required: false },
  // The car's columns came later: a sheet of the older template, without them, imports its loans only.
  { header: '车架号', field: 'frameNumber', required: false },
  { header: '车牌号', field: 'plateNumber', required: false },
  { header: '品牌', field: 'brandName', required: false },
  { header: '车型', field: 'modelName', required: false },
  { header: '颜色', field: 'color', required: false },
] as const satisfies readonly { header: string; field: keyof LoanRow; required: boolean }[];

export const LOAN_IMPORT_LIMITS = {
  /** Rows per sheet: a portfolio of 100,000 loans in one file. */
  maxRows: 100_000,
  /** Rows per JSON call. */
  maxJsonRows: 5_000,
  /** The sheet file, bytes: 100,000 rows of the template with their cars take about 9.5 MB. */
  maxFileBytes: 12 * 1024 * 1024,
  /** Bad rows reported in full; beyond this only counted. */
  maxReportedErrors: 1_000,
  amountMaxYuan: 100_000_000,
  termMaxMonths: 120,
  overdueMaxDays: 3_650,
  /** The car table's colour column. */
  colorMaxChars: 10,
} as const;

export const LoanStatusWords: Record<string, (typeof LoanStatuses)[number]> = {
  normal: 'normal', overdue: 'overdue', settled: 'settled', 正常: 'normal', 逾期: 'overdue', 结清: 'settled',
};

/** A bad row: its number (the sheet's row number, or the JSON item's index + 1), the field and why. */
export const LoanRowError = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type LoanRowError = z.infer<typeof LoanRowError>;

export const LoanImportPhases = ['reading', 'checking', 'saving', 'done', 'rejected', 'failed'] as const;
export type LoanImportPhase = (typeof LoanImportPhases)[number];

/** An import's state; the console polls it to show progress. */
export const LoanImportStatus = z.object({
  id: z.number(),
  fileName: z.string(),
  phase: z.enum(LoanImportPhases),
  /** Rows read so far (reading) or the sheet's rows (after). */
  total: z.number(),
  /** Rows checked (checking) or saved (saving). */
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  /**
   * Bad rows: all of them counted, the first `maxReportedErrors` listed. A done import lists here the
   * rows saved without their car, registered for another customer while it ran.
   */
  errorCount: z.number(),
  errors: z.array(LoanRowError),
  /** Why a failed import failed (not a row's fault: an unreadable file). */
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LoanImportStatus = z.infer<typeof LoanImportStatus>;

/** The sheet as base64 (the console reads the chosen file); the call answers at once, the work runs on. */
export const LoanImportFile = z.object({
  fileName: z.string().trim().min(1).max(200).regex(/\.xlsx$/i, '请选择 .xlsx 文件'),
  content: z.string().min(1, '文件为空').max(Math.ceil((LOAN_IMPORT_LIMITS.maxFileBytes * 4) / 3) + 4, `文件不能超过${LOAN_IMPORT_LIMITS.maxFileBytes / 1024 / 1024}MB`),
});
export type LoanImportFile = z.infer<typeof LoanImportFile>;
export const LoanImportStatusQuery = z.object({ id: id() });

const ROW_FIELDS = LOAN_SHEET_COLUMNS.map((c) => `${c.field}（${c.header}${c.required ? '，必填' : ''}）`).join('、');

/**
 * The JSON import: all rows stored or none; the reply counts them. Bad rows answer 400 naming each.
 * The items are checked row by row (not by this schema), so the fields are told in the description.
 */
export const LoanJsonImport = z.object({
  loans: z.array(z.unknown()).min(1, '至少需要一条贷款').max(LOAN_IMPORT_LIMITS.maxJsonRows, `每批最多${LOAN_IMPORT_LIMITS.maxJsonRows}条`)
    .describe(`每项一笔贷款，字段：${ROW_FIELDS}。填写 frameNumber 时 brandName、modelName 必填，该行同时登记或更新客户的这辆车`),
});
export type LoanJsonImport = z.infer<typeof LoanJsonImport>;
export const LoanJsonImportResult = z.object({ created: z.number(), updated: z.number() });
export type LoanJsonImportResult = z.infer<typeof LoanJsonImportResult>;

const TAG = '贷款导入';

export const LoanImportCalls = {
  template: defineCall({
    method: 'GET',
    path: '/api/loan/importTemplate',
    summary: '贷款导入模板（xlsx，含贷款车辆的车架号、车牌、品牌、车型、颜色列）',
    tag: TAG,
    access: 'loan:import',
    reply: XLSX_TEMPLATE,
  }),
  importFile: defineCall({
    method: 'POST',
    path: '/api/loan/importFile',
    summary: '上传贷款表格开始导入（填写车架号的行同时登记或更新该客户的车辆），返回导入任务',
    tag: TAG,
    access: 'loan:import',
    body: LoanImportFile,
    reply: LoanImportStatus,
  }),
  status: defineCall({
    method: 'GET',
    path: '/api/loan/importStatus',
    summary: '导入任务的进度与错误行',
    tag: TAG,
    access: 'loan:import',
    query: LoanImportStatusQuery,
    reply: LoanImportStatus,
  }),
  /**
   * Public: the integration's key in the `x-api-key` header (as the position ingest) is its
   * credential and its scope; the key is checked before the body.
   */
  importJson: defineCall({
    method: 'POST',
    path: '/api/loan/import',
    summary: '对接方批量导入贷款及其车辆（x-api-key），全部成功或全部不导入',
    tag: TAG,
    access: 'public',
    body: LoanJsonImport,
    reply: LoanJsonImportResult,
  }),
};
