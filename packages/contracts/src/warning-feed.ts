import { z } from 'zod';
import { parseTime } from './time.js';
import type { WarningHead } from './warning-list.js';

/** The top bar's three calls (console-spec §7 names them, not their paths). */
export const WARNING_FEED_PATHS = {
  ticker: '/api/report/riskWarning/getUntreateWarningList',
  count: '/api/report/riskWarning/getRiskWarning',
  list: '/api/report/riskWarning/getRiskWarningList',
} as const;

/** console-spec §9: the top bar looks at the last 3 days and recounts every 5 minutes. */
export const TOP_BAR_WINDOW_MS = 3 * 24 * 3600_000;
export const TOP_BAR_RECOUNT_MS = 300_000;
export const TOP_BAR_PAGE_SIZE = 10;
/** The ticker carries at most this many of the newest warnings. */
export const TICKER_LIMIT = 20;
export const TICKER_INTERVAL_MS = 3000;
export const TICKER_HEIGHT_PX = 40;
/** The badge shows 99+ above this. */
export const BADGE_OVERFLOW = 99;

/** One warning as the top bar shows it (ticker, badge dialog, details dialog). */
export type FeedWarning = WarningHead & {
  deviceNumber: string;
  plateNumber: string | null;
  carFrameNumber: string | null;
  customerName: string | null;
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: string | null;
  deptName: string;
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  warningTime: string;
};

/** getUntreateWarningList → result.list; getRiskWarning → result.allCountStatus0. */
export type TickerResult = { list: FeedWarning[] };
export type WarningCountResult = { allCountStatus0: number };

const optionalTime = (what: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().refine((v) => parseTime(v) !== null, `${what}格式应为 YYYY-MM-DD HH:mm:ss`).optional(),
  );

/**
 * getRiskWarningList (the badge's dialog): pushed warnings, newest first. Without dates it covers the
 * top bar's last 3 days; dealStatus defaults to 0 (unhandled).
 */
export const RiskWarningFeedQuery = z
  .object({
    pageNumber: z.coerce.number('pageNumber必须是数字').int('pageNumber必须是整数').min(1, 'pageNumber不能小于1').max(1_000_000).default(1),
    pageSize: z.coerce.number('pageSize必须是数字').int('pageSize必须是整数').min(1, 'pageSize不能小于1').max(100, 'pageSize不能大于100').default(TOP_BAR_PAGE_SIZE),
    dealStatus: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], '处理状态只能是0或1'))),
    beginDate: optionalTime('开始时间'),
    endDate: optionalTime('结束时间'),
  })
  .refine((q) => !q.beginDate || !q.endDate || parseTime(q.beginDate)! <= parseTime(q.endDate)!, {
    message: '开始时间不能晚于结束时间',
    path: ['beginDate'],
  });
export type RiskWarningFeedQuery = z.infer<typeof RiskWarningFeedQuery>;
