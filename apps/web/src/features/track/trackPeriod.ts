import { TRACK_MAX_RANGE_MS } from '@cvrisk/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const PERIOD_PRESETS = ['today', 'yesterday', 'last7d'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export type Period = { startTime: string; endTime: string };

/** Whole days, so that a link made today still means the same days tomorrow. */
export function presetPeriod(preset: PeriodPreset, now: Dayjs = dayjs()): Period {
  const today = now.startOf('day');
  const [first, last] =
    preset === 'today' ? [today, today] : preset === 'yesterday' ? [today.subtract(1, 'day'), today.subtract(1, 'day')] : [today.subtract(6, 'day'), today];
  return { startTime: first.format(TIME_FORMAT), endTime: last.endOf('day').format(TIME_FORMAT) };
}

/** The preset a period is, for showing it as chosen; null for a custom range. */
export function presetOf(period: Period, now: Dayjs = dayjs()): PeriodPreset | null {
  return PERIOD_PRESETS.find((p) => {
    const candidate = presetPeriod(p, now);
    return candidate.startTime === period.startTime && candidate.endTime === period.endTime;
  }) ?? null;
}

export type PeriodProblem = 'order' | 'tooLong';

/** What the server would refuse (contracts' TrackQuery), said before asking it. */
export function periodProblem(start: Dayjs, end: Dayjs): PeriodProblem | null {
  if (!end.isAfter(start)) return 'order';
  if (end.diff(start) > TRACK_MAX_RANGE_MS) return 'tooLong';
  return null;
}
