import { parseTime } from '@cvrisk/contracts';
import type { Dayjs } from 'dayjs';
import type { TrackSearch } from './track.queries';
import { today } from './trackPeriod';

/**
 * The screen's search from the address bar: a link from the monitoring card brings only the device
 * number, and then today is replayed; a link with a period reproduces exactly that period.
 */
export function searchFromParams(params: URLSearchParams, now?: Dayjs): TrackSearch {
  const deviceNumber = (params.get('deviceNumber') ?? '').trim();
  const startTime = params.get('startTime') ?? '';
  const endTime = params.get('endTime') ?? '';
  const period = parseTime(startTime) !== null && parseTime(endTime) !== null ? { startTime, endTime } : today(now);
  return { deviceNumber, ...period };
}

export function searchToParams(search: TrackSearch): Record<string, string> {
  return { deviceNumber: search.deviceNumber, startTime: search.startTime, endTime: search.endTime };
}

export const sameSearch = (a: TrackSearch, b: TrackSearch) =>
  a.deviceNumber === b.deviceNumber && a.startTime === b.startTime && a.endTime === b.endTime;
