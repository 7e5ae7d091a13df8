import type { DevLatestExportQuery, DevLatestQuery } from '@cvrisk/contracts';
import { timeRangeToTimes, timesToTimeRange, type TimeRange } from '../../lib/filterValues';
import * as device from '../devices/deviceFilters';

/** The device list's filters without the install range, plus the last report picked to the second. */
export type PositionFilterValues = Omit<device.DeviceFilterValues, 'installTime'> & { lastTime?: TimeRange | null };

export function filtersFromQuery(q: DevLatestQuery): PositionFilterValues {
  const { installTime: _install, ...common } = device.filtersFromQuery(q);
  return { ...common, lastTime: timesToTimeRange(q.lastTimeStart, q.lastTimeEnd) };
}

export function filtersToQuery(v: PositionFilterValues): DevLatestExportQuery {
  const { installTimeStart: _start, installTimeEnd: _end, ...common } = device.filtersToQuery(v);
  const { start, end } = timeRangeToTimes(v.lastTime);
  return { ...common, lastTimeStart: start, lastTimeEnd: end };
}
