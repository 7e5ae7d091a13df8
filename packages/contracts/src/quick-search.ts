import { z } from 'zod';
import { defineCall } from './api/call.js';
import { DeviceKinds } from './labels.js';
import { FeedWarning } from './warning-feed.js';
import { WarningTypeCode } from './warning.js';

/** Each group of the answer holds at most this many. */
export const QUICK_SEARCH_LIMIT = 10;

/**
 * Device number (from its start), plate, car frame number or customer name (anywhere in them), or the
 * customer's phone whole or by its last 4 or more digits.
 */
export const QuickSearchQuery = z.object({
  quickParam: z.string().trim().min(1, '请输入设备号/手机号/车架号/姓名').max(50),
});
export type QuickSearchQuery = z.infer<typeof QuickSearchQuery>;

/** The risk-warning list's filters that show this result's warnings (its URL query). */
export const QuickWarningFilters = z.object({ deviceNumber: z.string(), warningType: WarningTypeCode, dealStatus: z.literal(0) });
export type QuickWarningFilters = z.infer<typeof QuickWarningFilters>;

/** Unhandled warnings of one device and type: the newest of them, and how many there are. */
export const QuickWarning = FeedWarning.extend({ count: z.number(), filters: QuickWarningFilters });
export type QuickWarning = z.infer<typeof QuickWarning>;

export const QuickDevice = z.object({
  deviceNumber: z.string(),
  deviceKind: z.literal(DeviceKinds),
  plateNumber: z.string().nullable(),
  carFrameNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: z.string().nullable(),
});
export type QuickDevice = z.infer<typeof QuickDevice>;

export const QuickSearchResult = z.object({
  warnList: z.object({ list: z.array(QuickWarning) }),
  devList: z.object({ list: z.array(QuickDevice) }),
});
export type QuickSearchResult = z.infer<typeof QuickSearchResult>;

export const QuickSearchCalls = {
  /** queryQuickly (console-spec §7 names it, not its path). */
  quick: defineCall({
    method: 'POST',
    path: '/api/indexMonitoring/queryQuickly',
    summary: '顶栏快速查找：设备与其未处理预警（各组只给有相应权限的用户）',
    tag: '顶栏预警',
    // Any signed-in user: the service answers each group only to holders of its permission.
    access: 'signedIn',
    body: QuickSearchQuery,
    reply: QuickSearchResult,
  }),
};
