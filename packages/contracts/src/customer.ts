import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import { pageOf, PageQuery } from './envelope.js';
import { id, optional, optionalText } from './fields.js';
import { CustomerGrades, DeviceStates, LoanStatuses } from './labels.js';
import { codeOf, WarningTypeCode } from './warning.js';

/** 0/1 filters (a form's switch): 1 keeps only the customers it names, 0 only the others. */
const flag = () => optional(codeOf([0, 1]));
const sortOrder = optional(z.enum(['asc', 'desc']));

/** getCustomerGradeDict: the three grades, most serious first (server-behaviour §7). */
export const CustomerGradeDictItem = z.object({ code: z.enum(CustomerGrades), name: z.string(), nameEn: z.string() });
export type CustomerGradeDictItem = z.infer<typeof CustomerGradeDictItem>;

/** The filters every customer list shares: who, and under which dealer. */
const CustomerWho = z.object({
  customerName: optionalText(30),
  /** Whole number or any part of it. */
  customerPhone: optionalText(11),
  idCard: optionalText(18),
  deptId: optional(id()),
});

export const CustomerSortFields = ['unhandled', 'grade', 'overdueDays', 'loanAmount', 'createdAt'] as const;
export type CustomerSortField = (typeof CustomerSortFields)[number];

/**
 * getCustomerList's filters. Default order: grade (high first), then unhandled warnings (most first),
 * then newest customer; ties end on the id so pages never overlap.
 */
export const CustomerFilters = CustomerWho.extend({
  grade: optional(z.enum(CustomerGrades)),
  loanStatus: optional(z.enum(LoanStatuses)),
  overdue: flag(),
  fraud: flag(),
  hasUnhandled: flag(),
  sortField: optional(z.enum(CustomerSortFields)),
  sortOrder,
});
export type CustomerFilters = z.infer<typeof CustomerFilters>;
export const CustomerListQuery = CustomerFilters.extend(PageQuery.shape);
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** Unhandled warnings of one type. */
export const TypeCount = z.object({ warningType: WarningTypeCode, warningTypeName: z.string(), count: z.number() });
export type TypeCount = z.infer<typeof TypeCount>;

/** The customer's car as a list shows it: its freshest device's state and place. */
export const CarLatest = z.object({
  carId: z.number(),
  plateNumber: z.string(),
  carFrameNumber: z.string(),
  /** The best state of its devices (moving over parked over offline over never). */
  state: z.enum(DeviceStates),
  lastTime: z.string().nullable(),
  lastAddress: z.string().nullable(),
});
export type CarLatest = z.infer<typeof CarLatest>;

/** The loan as lists show it; amounts in yuan. */
export const LoanBrief = z.object({
  contractNo: z.string(),
  loanStatus: z.enum(LoanStatuses),
  loanAmount: z.number(),
  overdueDays: z.number(),
  overdueAmount: z.number(),
});
export type LoanBrief = z.infer<typeof LoanBrief>;

export const CustomerListItem = z.object({
  customerId: z.number(),
  customerName: z.string(),
  /** Masked (138****1234) unless the caller holds customer:sensitive; so is idCard. */
  customerPhone: z.string(),
  idCard: z.string(),
  grade: z.enum(CustomerGrades),
  gradeName: z.string(),
  fraud: z.boolean(),
  deptId: z.number(),
  deptName4s: z.string(),
  deptName: z.string(),
  /** The newest loan, null when none was loaded. */
  loan: LoanBrief.nullable(),
  unhandledCount: z.number(),
  unhandledByType: z.array(TypeCount),
  /** The first car and how many there are. */
  car: CarLatest.nullable(),
  carCount: z.number(),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof CustomerListItem>;

/** Overdue days in the buckets collectors work by: M1 1–30, M2 31–60, M3 61–90, M3+ over 90. */
export const OverdueBuckets = ['m1', 'm2', 'm3', 'm3plus'] as const;
export type OverdueBucket = (typeof OverdueBuckets)[number];
export const OVERDUE_BUCKETS: Record<OverdueBucket, { from: number; to: number | null; zh: string; en: string }> = {
  m1: { from: 1, to: 30, zh: 'M1（1–30天）', en: 'M1 (1–30 days)' },
  m2: { from: 31, to: 60, zh: 'M2（31–60天）', en: 'M2 (31–60 days)' },
  m3: { from: 61, to: 90, zh: 'M3（61–90天）', en: 'M3 (61–90 days)' },
  m3plus: { from: 91, to: null, zh: 'M3+（90天以上）', en: 'M3+ (over 90 days)' },
};
export function overdueBucketOf(days: number): OverdueBucket | null {
  if (days <= 0) return null;
  return days <= 30 ? 'm1' : days <= 60 ? 'm2' : days <= 90 ? 'm3' : 'm3plus';
}

/**
 * The amount overdue when the lender did not say: the instalments missed, amount ÷ term for each
 * started month late (no interest — the lender's figure, when given, replaces it).
 */
export function overdueAmountCents(amountCents: number, termMonths: number, overdueDays: number): number {
  if (overdueDays <= 0 || termMonths <= 0) return 0;
  return Math.floor(amountCents / termMonths) * Math.ceil(overdueDays / 30);
}

export const OverdueSortFields = ['priority', 'overdueDays', 'overdueAmount', 'lastReport'] as const;
export type OverdueSortField = (typeof OverdueSortFields)[number];

/**
 * getOverdueList: customers with a loan overdue (overdue days > 0). The default order, `priority`, is
 * what a collector should do first: the longest overdue bucket, then high-risk grade, then the car
 * silent longest (no device online — the car may be hidden), then the largest amount due.
 */
export const OverdueFilters = CustomerWho.extend({
  bucket: optional(z.enum(OverdueBuckets)),
  /** 1: at least one device online; 0: none online. */
  online: flag(),
  grade: optional(z.enum(CustomerGrades)),
  sortField: optional(z.enum(OverdueSortFields)),
  sortOrder,
});
export type OverdueFilters = z.infer<typeof OverdueFilters>;
export const OverdueListQuery = OverdueFilters.extend(PageQuery.shape);
export type OverdueListQuery = z.infer<typeof OverdueListQuery>;

export const OverdueListItem = z.object({
  customerId: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  grade: z.enum(CustomerGrades),
  gradeName: z.string(),
  deptId: z.number(),
  deptName4s: z.string(),
  contractNo: z.string(),
  loanAmount: z.number(),
  overdueDays: z.number(),
  bucket: z.enum(OverdueBuckets),
  overdueAmount: z.number(),
  repaymentDay: z.number(),
  car: CarLatest.nullable(),
  /** Devices of the customer's cars reporting within the offline threshold, and all of them. */
  onlineDevices: z.number(),
  devices: z.number(),
  /** The newest report of any of them. */
  lastReport: z.string().nullable(),
  unhandledCount: z.number(),
});
export type OverdueListItem = z.infer<typeof OverdueListItem>;

/** Why the engine suggests loan fraud: the warning type of the event (server-behaviour §7). */
export const FraudSuggestionKinds = [1, 2, 3, 4] as const;
/** An operator's verdict on a suggestion. */
export const FraudSuggestionStates = ['pending', 'accepted', 'dismissed'] as const;
export type FraudSuggestionState = (typeof FraudSuggestionStates)[number];
/** A removal, power cut or going offline this soon after install suggests fraud... */
export const FRAUD_EARLY_DAYS = 7;
/** ...and so does a stay at a risk point this soon. */
export const FRAUD_RISK_POINT_DAYS = 30;
export const FRAUD_REASON_MIN = 2;
export const FRAUD_REASON_MAX = 200;

const reason = z.string().trim().min(FRAUD_REASON_MIN, `原因至少${FRAUD_REASON_MIN}个字`).max(FRAUD_REASON_MAX, `原因最多${FRAUD_REASON_MAX}个字`);

/** getLoanFraudList: customers flagged as loan fraud, newest flag first. */
export const LoanFraudFilters = CustomerWho;
export type LoanFraudFilters = z.infer<typeof LoanFraudFilters>;
export const LoanFraudListQuery = LoanFraudFilters.extend(PageQuery.shape);
export type LoanFraudListQuery = z.infer<typeof LoanFraudListQuery>;

export const LoanFraudItem = z.object({
  customerId: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  idCard: z.string(),
  grade: z.enum(CustomerGrades),
  gradeName: z.string(),
  deptId: z.number(),
  deptName4s: z.string(),
  loan: LoanBrief.nullable(),
  /** Who flagged the customer (real name), when and why. */
  flaggedBy: z.string(),
  flaggedAt: z.string(),
  reason: z.string(),
  /** Flagged by accepting an engine suggestion. */
  fromSuggestion: z.boolean(),
});
export type LoanFraudItem = z.infer<typeof LoanFraudItem>;

export const MarkLoanFraud = z.object({ customerId: id(), fraud: z.boolean(), reason });
export type MarkLoanFraud = z.infer<typeof MarkLoanFraud>;

export const FraudSuggestionFilters = CustomerWho.extend({ state: optional(z.enum(FraudSuggestionStates)) });
export type FraudSuggestionFilters = z.infer<typeof FraudSuggestionFilters>;
export const FraudSuggestionListQuery = FraudSuggestionFilters.extend(PageQuery.shape);
export type FraudSuggestionListQuery = z.infer<typeof FraudSuggestionListQuery>;

/** The engine's suggestion with its evidence: which device, which event, how many days after install. */
export const FraudSuggestionItem = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  deptName4s: z.string(),
  deviceNumber: z.string(),
  deviceKind: z.number(),
  /** The warning type of the event: 1 offline, 2 power cut, 3 removal, 4 risk-point stay. */
  warningType: WarningTypeCode,
  warningTypeName: z.string(),
  warningId: z.number(),
  eventTime: z.string(),
  installTime: z.string(),
  /** Days from install to the event, one decimal. */
  daysAfterInstall: z.number(),
  /** Where it happened (the risk point's name for a stay). */
  place: z.string(),
  state: z.enum(FraudSuggestionStates),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type FraudSuggestionItem = z.infer<typeof FraudSuggestionItem>;

export const DecideFraudSuggestion = z.object({ id: id(), accept: z.boolean(), reason });
export type DecideFraudSuggestion = z.infer<typeof DecideFraudSuggestion>;

/** One entry of a customer's loan-fraud audit trail, newest first. */
export const FraudEvent = z.object({
  action: z.enum(['flag', 'unflag', 'accept', 'dismiss']),
  reason: z.string(),
  user: z.string(),
  at: z.string(),
  suggestionId: z.number().nullable(),
});
export type FraudEvent = z.infer<typeof FraudEvent>;
export const FraudHistoryQuery = z.object({ customerId: id() });

const TAG = '客户';
const exportOf = <B extends z.ZodType>(path: `/${string}`, summary: string, body: B) =>
  defineCall({ method: 'POST', path, summary, tag: TAG, access: 'customer:view', body, reply: XLSX_FILE });

export const CustomerCalls = {
  gradeDict: defineCall({
    method: 'GET',
    path: '/api/customer/getCustomerGradeDict',
    summary: '客户等级字典',
    tag: TAG,
    access: 'signedIn',
    reply: z.array(CustomerGradeDictItem),
  }),
  list: defineCall({
    method: 'POST',
    path: '/api/customer/getCustomerList',
    summary: '风险客户，分页：等级、贷款、未处理预警、车辆最新状态',
    tag: TAG,
    access: 'customer:view',
    body: CustomerListQuery,
    reply: pageOf(CustomerListItem),
  }),
  export: exportOf('/api/customer/download', '导出风险客户（xlsx）', CustomerFilters),
  overdueList: defineCall({
    method: 'POST',
    path: '/api/customer/getOverdueList',
    summary: '逾期客户催收清单，按处置优先级排序',
    tag: TAG,
    access: 'customer:view',
    body: OverdueListQuery,
    reply: pageOf(OverdueListItem),
  }),
  overdueExport: exportOf('/api/customer/getOverdueList/download', '导出逾期客户（xlsx）', OverdueFilters),
  fraudList: defineCall({
    method: 'POST',
    path: '/api/customer/getLoanFraudList',
    summary: '骗贷客户：谁标记、何时、为何',
    tag: TAG,
    access: 'customer:view',
    body: LoanFraudListQuery,
    reply: pageOf(LoanFraudItem),
  }),
  fraudExport: exportOf('/api/customer/getLoanFraudList/download', '导出骗贷客户（xlsx）', LoanFraudFilters),
  markFraud: defineCall({
    method: 'POST',
    path: '/api/customer/markLoanFraud',
    summary: '标记或取消骗贷客户（须填原因，留痕）',
    tag: TAG,
    access: 'warning:handle',
    body: MarkLoanFraud,
    reply: z.null(),
  }),
  suggestions: defineCall({
    method: 'POST',
    path: '/api/customer/getLoanFraudSuggestions',
    summary: '系统疑似骗贷提示及证据',
    tag: TAG,
    access: 'customer:view',
    body: FraudSuggestionListQuery,
    reply: pageOf(FraudSuggestionItem),
  }),
  decideSuggestion: defineCall({
    method: 'POST',
    path: '/api/customer/decideLoanFraudSuggestion',
    summary: '采纳或驳回疑似骗贷提示（须填原因，留痕）',
    tag: TAG,
    access: 'warning:handle',
    body: DecideFraudSuggestion,
    reply: z.null(),
  }),
  fraudHistory: defineCall({
    method: 'GET',
    path: '/api/customer/getLoanFraudHistory',
    summary: '客户骗贷标记的操作记录',
    tag: TAG,
    access: 'customer:view',
    query: FraudHistoryQuery,
    reply: z.array(FraudEvent),
  }),
};
