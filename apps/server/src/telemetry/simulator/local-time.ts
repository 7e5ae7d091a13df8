/**
 * Local time in Asia/Shanghai, where the simulated cars live: a fixed UTC+8 with no daylight saving,
 * so plain arithmetic. A "day" below is a local calendar day counted from 1970-01-01.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * HOUR_MS;

/** The local day a time falls on. */
export const localDay = (t: number): number => Math.floor((t + OFFSET_MS) / DAY_MS);

/** Local midnight that starts the day. */
export const dayStart = (day: number): number => day * DAY_MS - OFFSET_MS;

/** A local clock time on the day (hours may carry fractions), to the whole second. */
export const atHour = (day: number, hours: number): number => dayStart(day) + Math.round(hours * 3600) * 1000;

/** Hours since local midnight. */
export const localHours = (t: number): number => (t + OFFSET_MS - localDay(t) * DAY_MS) / HOUR_MS;

/** 1970-01-01 was a Thursday. */
export const isWeekend = (day: number): boolean => {
  const weekday = (day + 4) % 7;
  return weekday === 0 || weekday === 6;
};
