import dayjs, { type Dayjs } from 'dayjs';

export type DayRange = [Dayjs, Dayjs];

/** A picked day range as the API's bounds: from the first day's 00:00:00 to the last day's 23:59:59. */
export function rangeToTimes(range: DayRange | null | undefined): { start?: string; end?: string } {
  if (!range) return {};
  return { start: range[0].format('YYYY-MM-DD 00:00:00'), end: range[1].format('YYYY-MM-DD 23:59:59') };
}

export function timesToRange(start: string | undefined, end: string | undefined): DayRange | undefined {
  if (!start || !end) return undefined;
  return [dayjs(start.slice(0, 10)), dayjs(end.slice(0, 10))];
}

/** A filter text as the API wants it: trimmed, and absent when empty. */
export function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export type TimeRange = [Dayjs, Dayjs];

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A picked date-time range as the API's bounds, to the second. */
export function timeRangeToTimes(range: TimeRange | null | undefined): { start?: string; end?: string } {
  if (!range) return {};
  return { start: range[0].format(TIME_FORMAT), end: range[1].format(TIME_FORMAT) };
}

export function timesToTimeRange(start: string | undefined, end: string | undefined): TimeRange | undefined {
  if (!start || !end) return undefined;
  return [dayjs(start), dayjs(end)];
}
