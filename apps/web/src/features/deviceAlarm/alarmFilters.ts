import type { AlarmExportQuery, AlarmListQuery, AlarmState } from '@cvrisk/contracts';
import { text, timeRangeToTimes, timesToTimeRange, type TimeRange } from '../../lib/filterValues';

/** The filter form's values; the alarm time is a date-time range on the alarm's start. */
export type AlarmFilterValues = {
  alarmType?: number;
  deviceNumber?: string;
  plateNumber?: string;
  deptId?: number;
  state?: AlarmState;
  alarmTime?: TimeRange | null;
};

export function filtersFromQuery(q: AlarmListQuery): AlarmFilterValues {
  return {
    alarmType: q.alarmType,
    deviceNumber: q.deviceNumber,
    plateNumber: q.plateNumber,
    deptId: q.deptId,
    state: q.state,
    alarmTime: timesToTimeRange(q.beginDate, q.endDate),
  };
}

export function filtersToQuery(v: AlarmFilterValues): AlarmExportQuery {
  const { start, end } = timeRangeToTimes(v.alarmTime);
  return {
    alarmType: v.alarmType,
    deviceNumber: text(v.deviceNumber),
    plateNumber: text(v.plateNumber)?.toUpperCase(),
    deptId: v.deptId,
    state: v.state,
    beginDate: start,
    endDate: end,
  };
}
