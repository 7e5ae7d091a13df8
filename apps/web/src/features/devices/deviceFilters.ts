import type { DevExportQuery, DevListQuery, DeviceKind, DeviceState } from '@cvrisk/contracts';
import { rangeToTimes, text, timesToRange, type DayRange } from '../../lib/filterValues';

/** The filter form's values; the install range is picked by day. */
export type DeviceFilterValues = {
  deviceNumber?: string;
  deviceKind?: DeviceKind;
  state?: DeviceState;
  deptId?: number;
  carFrameNumber?: string;
  customerName?: string;
  installTime?: DayRange | null;
};

export function filtersFromQuery(q: DevListQuery): DeviceFilterValues {
  return {
    deviceNumber: q.deviceNumber,
    deviceKind: q.deviceKind,
    state: q.state,
    deptId: q.deptId,
    carFrameNumber: q.carFrameNumber,
    customerName: q.customerName,
    installTime: timesToRange(q.installTimeStart, q.installTimeEnd),
  };
}

export function filtersToQuery(v: DeviceFilterValues): DevExportQuery {
  const { start, end } = rangeToTimes(v.installTime);
  return {
    deviceNumber: text(v.deviceNumber),
    deviceKind: v.deviceKind,
    state: v.state,
    deptId: v.deptId,
    carFrameNumber: text(v.carFrameNumber)?.toUpperCase(),
    customerName: text(v.customerName),
    installTimeStart: start,
    installTimeEnd: end,
  };
}
