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

/** Monday 00:00 of the day's week (weeks run Monday to Sunday in China, whatever dayjs's locale says). */
const mondayOf = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

/** What a fleet report offers: 今天, 昨天, 本周, 上周, 本月, 上月 (and a custom range on the calendar). */
export const REPORT_PRESETS: readonly RangePreset[] = [
  RANGE_PRESETS[0]!,
  RANGE_PRESETS[1]!,
  { label: 'range.thisWeek', value: () => [mondayOf(dayjs()), dayjs().endOf('day')] },
  { label: 'range.lastWeek', value: () => [mondayOf(dayjs()).subtract(7, 'day'), mondayOf(dayjs()).subtract(1, 'day').endOf('day')] },
  RANGE_PRESETS[4]!,
  RANGE_PRESETS[5]!,
];
