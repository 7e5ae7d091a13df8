import dayjs, { type Dayjs } from 'dayjs';
import type { MessageKey } from './i18n/zh';

/** A quick pick of a range; a function, so that "today" means the day of the click, not of the page load. */
export type RangePreset = { label: MessageKey; value: () => [Dayjs, Dayjs] };

/**
 * The ranges every time filter offers (今天, 昨天, 近3天, 近7天, 本月, 上月): whole days, the last one
 * ending now for the ranges that reach today, so a picked range never asks for the future.
 */
export const RANGE_PRESETS: readonly RangePreset[] = [
  { label: 'range.today', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] },
  { label: 'range.yesterday', value: () => [dayjs().subtract(1, 'day').startOf('day'), dayjs().subtract(1, 'day').endOf('day')] },
  { label: 'range.last3Days', value: () => [dayjs().subtract(2, 'day').startOf('day'), dayjs().endOf('day')] },
  { label: 'range.last7Days', value: () => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] },
  { label: 'range.thisMonth', value: () => [dayjs().startOf('month'), dayjs().endOf('day')] },
  { label: 'range.lastMonth', value: () => [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')] },
];
