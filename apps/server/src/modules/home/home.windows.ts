import { formatTime, RISK_LEVEL_KEYS, type RiskLevel, type WarningDayCount } from '@cvrisk/contracts';

/** Asia/Shanghai is a fixed +08:00 (no daylight saving since 1991): its days are plain arithmetic. */
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;

/** A half-open time window [from, to) in epoch ms. */
export type Window = { from: number; to: number };

/** Days since 1970-01-01 in Asia/Shanghai: the key the series queries group by. */
export const shanghaiDay = (ms: number): number => Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS);
const dayStart = (day: number): number => day * DAY_MS - SHANGHAI_OFFSET_MS;

/** The last `days` Shanghai days, today included, up to the end of today. */
export function lastDays(now: number, days: number): Window {
  const today = shanghaiDay(now);
  return { from: dayStart(today - days + 1), to: dayStart(today + 1) };
}

/** This week in Shanghai, from Monday 00:00 to the end of today. */
export function thisWeek(now: number): Window {
  const today = shanghaiDay(now);
  // 1970-01-01 was a Thursday: (day + 3) % 7 counts days since Monday.
  return { from: dayStart(today - ((today + 3) % 7)), to: dayStart(today + 1) };
}

/** One entry per day of the window, oldest first, zero where no warning was raised. */
export function fillDays(window: Window, rows: readonly { day: number; level: number; count: number }[]): WarningDayCount[] {
  const first = shanghaiDay(window.from);
  const last = shanghaiDay(window.to - 1);
  const list: WarningDayCount[] = [];
  for (let d = first; d <= last; d++) list.push({ day: formatTime(dayStart(d)).slice(0, 10), high: 0, medium: 0, low: 0 });
  for (const r of rows) {
    const entry = list[r.day - first];
    const key = RISK_LEVEL_KEYS[r.level as RiskLevel];
    if (entry && key) entry[key] += r.count;
  }
  return list;
}
