import { z } from 'zod';
import { defineCall } from './api/call.js';
import { pageOf } from './envelope.js';
import { int, optional, TimeText, timeRangeInOrder } from './fields.js';
import { WarningHead } from './warning-list.js';
import { codeOf } from './warning.js';

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
export const FeedWarning = WarningHead.extend({
  deviceNumber: z.string(),
  plateNumber: z.string().nullable(),
  carFrameNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: z.string().nullable(),
  deptName: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  warningTime: z.string(),
});
export type FeedWarning = z.infer<typeof FeedWarning>;

/** getUntreateWarningList → result.list; getRiskWarning → result.allCountStatus0. */
export const TickerResult = z.object({ list: z.array(FeedWarning) });
export type TickerResult = z.infer<typeof TickerResult>;
export const WarningCountResult = z.object({ allCountStatus0: z.number() });
export type WarningCountResult = z.infer<typeof WarningCountResult>;

/**
 * getRiskWarningList (the badge's dialog): pushed warnings, newest first. Without dates it covers the
 * top bar's last 3 days; dealStatus defaults to 0 (unhandled).
 */
export const RiskWarningFeedQuery = z
  .object({
    pageNumber: int({ min: 1, max: 1_000_000 }).default(1),
    pageSize: int({ min: 1, max: 100 }).default(TOP_BAR_PAGE_SIZE),
    dealStatus: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), codeOf([0, 1])),
    beginDate: optional(TimeText),
    endDate: optional(TimeText),
  })
  .superRefine(timeRangeInOrder('beginDate', 'endDate', '开始时间不能晚于结束时间'));
export type RiskWarningFeedQuery = z.infer<typeof RiskWarningFeedQuery>;

const TAG = '顶栏预警';

/** The top bar's three calls (console-spec §7 names them, not their paths). */
export const WarningFeedCalls = {
  ticker: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/getUntreateWarningList',
    summary: '滚动条：近3天推送的未处理预警，新的在前（最多20条）',
    tag: TAG,
    access: 'warning:view',
    reply: TickerResult,
  }),
  count: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/getRiskWarning',
    summary: '顶栏计数：近3天推送的未处理预警数',
    tag: TAG,
    access: 'warning:view',
    reply: WarningCountResult,
  }),
  list: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/getRiskWarningList',
    summary: '顶栏计数的弹窗：推送的预警，新的在前，分页',
    tag: TAG,
    access: 'warning:view',
    body: RiskWarningFeedQuery,
    reply: pageOf(FeedWarning),
  }),
};
