import { DAY_MS, SHANGHAI_OFFSET_MS } from '../home/home.windows.js';

const HOUR_MS = 3600_000;
/** Night, for the portrait's night share: 22:00 to 05:00 Shanghai time. */
const NIGHT_ENDS_H = 5;
const NIGHT_STARTS_H = 22;

/**
 * Minutes of [start, end) between 22:00 and 05:00 Shanghai time: the overlap with each day's two
 * night spans (before 05:00, after 22:00), so a trip costs a step per day it touches, not per minute.
 */
export function nightMinutes(start: number, end: number): number {
  if (end <= start) return 0;
  let ms = 0;
  const overlap = (from: number, to: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));
  for (let day = Math.floor((start + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS; day < end; day += DAY_MS) {
    ms += overlap(day, day + NIGHT_ENDS_H * HOUR_MS) + overlap(day + NIGHT_STARTS_H * HOUR_MS, day + DAY_MS);
  }
  return Math.round(ms / 60_000);
}
