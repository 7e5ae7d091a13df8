import { TRACK_MAX_RANGE_MS } from '@cvrisk/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type Period = { startTime: string; endTime: string };

/**
 * The days from `first` to `last`, whole: a replay is picked by days (the picker shows two months, as
 * every range filter does); a part of a day is found on the progress bar.
 */
export function wholeDays(first: Dayjs, last: Dayjs): Period {
  return { startTime: first.startOf('day').format(TIME_FORMAT), endTime: last.endOf('day').format(TIME_FORMAT) };
}

/** Today, the period a link with only a device number replays. */
export const today = (now: Dayjs = dayjs()): Period => wholeDays(now, now);

/** Longer than the server replays (contracts' TrackQuery), said before asking it. */
export const tooLong = (period: Period) => dayjs(period.endTime).diff(dayjs(period.startTime)) > TRACK_MAX_RANGE_MS;
