import { z } from 'zod';
import type { DeviceKind } from './labels.js';
import type { FeedWarning } from './warning-feed.js';
import type { WarningTypeCode } from './warning.js';

/** queryQuickly (console-spec §7 names it, not its path). */
export const QUICK_SEARCH_PATH = '/api/indexMonitoring/queryQuickly';
/** Each group of the answer holds at most this many. */
export const QUICK_SEARCH_LIMIT = 10;

/** Device number, phone, car frame number or customer name; matched from the start. */
export const QuickSearchQuery = z.object({
  quickParam: z.string('请输入设备号/手机号/车架号/姓名').trim().min(1, '请输入设备号/手机号/车架号/姓名').max(50, '最多50个字符'),
});
export type QuickSearchQuery = z.infer<typeof QuickSearchQuery>;

/** The risk-warning list's filters that show this result's warnings (its URL query). */
export type QuickWarningFilters = { deviceNumber: string; warningType: WarningTypeCode; dealStatus: 0 };

/** Unhandled warnings of one device and type: the newest of them, and how many there are. */
export type QuickWarning = FeedWarning & { count: number; filters: QuickWarningFilters };

export type QuickDevice = {
  deviceNumber: string;
  deviceKind: DeviceKind;
  plateNumber: string | null;
  carFrameNumber: string | null;
  customerName: string | null;
  /** Masked unless the caller holds customer:sensitive. */
  customerPhone: string | null;
};

export type QuickSearchResult = { warnList: { list: QuickWarning[] }; devList: { list: QuickDevice[] } };
