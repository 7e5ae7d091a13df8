import { z } from 'zod';
import { defineCall, XLSX_TEMPLATE } from './api/call.js';
import { id } from './fields.js';
import { LoanStatuses } from './labels.js';

/**
 * Loans in (issue 14): a sheet uploaded on the customer screens, or the same rows as JSON from an
 * integration. Each row is checked; when any row is bad nothing is stored and every bad row is
 * reported. A contract number already stored is updated (it must be in the importer's scope). A
 * customer is found by identity number within the row's dealer, else created.
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
] as const satisfies readonly { header: string; field: keyof LoanRow; required: boolean }[];

export const LOAN_IMPORT_LIMITS = {
  /** Rows per sheet: a portfolio of 100,000 loans in one file. */
  maxRows: 100_000,
  /** Rows per JSON call. */
  maxJsonRows: 5_000,
  /** The sheet file, bytes (100,000 rows of the template take about 5 MB). */
  maxFileBytes: 8 * 1024 * 1024,
  /** Bad rows reported in full; beyond this only counted. */
  maxReportedErrors: 1_000,
  amountMaxYuan: 100_000_000,
  termMaxMonths: 120,
  overdueMaxDays: 3_650,
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
  /** Bad rows: all of them counted, the first `maxReportedErrors` listed. */
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
  content: z.string().min(1, '文件为空').max(Math.ceil((LOAN_IMPORT_LIMITS.maxFileBytes * 4) / 3) + 4, '文件不能超过8MB'),
});
export type LoanImportFile = z.infer<typeof LoanImportFile>;
export const LoanImportStatusQuery = z.object({ id: id() });

/** The JSON import: all rows stored or none; the reply counts them. Bad rows answer 400 naming each. */
export const LoanJsonImport = z.object({
  loans: z.array(z.unknown()).min(1, '至少需要一条贷款').max(LOAN_IMPORT_LIMITS.maxJsonRows, `每批最多${LOAN_IMPORT_LIMITS.maxJsonRows}条`),
});
export type LoanJsonImport = z.infer<typeof LoanJsonImport>;
export const LoanJsonImportResult = z.object({ created: z.number(), updated: z.number() });
export type LoanJsonImportResult = z.infer<typeof LoanJsonImportResult>;

const TAG = '贷款导入';

export const LoanImportCalls = {
  template: defineCall({
    method: 'GET',
    path: '/api/loan/importTemplate',
    summary: '贷款导入模板（xlsx）',
    tag: TAG,
    access: 'loan:import',
    reply: XLSX_TEMPLATE,
  }),
  importFile: defineCall({
    method: 'POST',
    path: '/api/loan/importFile',
    summary: '上传贷款表格开始导入，返回导入任务',
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
    summary: '对接方批量导入贷款（x-api-key），全部成功或全部不导入',
    tag: TAG,
    access: 'public',
    body: LoanJsonImport,
    reply: LoanJsonImportResult,
  }),
};
