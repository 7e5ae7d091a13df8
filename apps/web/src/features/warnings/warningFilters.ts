import { parseWarningTime, type WarningExportQuery, type WarningListQuery } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { text, type TimeRange } from '../../lib/filterValues';

/** The filter form's values; the warning time is a date-time range. */
export type WarningFilterValues = {
  warningType?: number;
  dealStatus?: 0 | 1;
  riskLevel?: 1 | 2 | 3;
  customerPhone?: string;
  deviceNumber?: string;
  deptId?: number;
  warningTime?: TimeRange | null;
};

const TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * The address bar's `warningTime` (console-spec §2: `begin,end`, each a day or a time, or one day)
 * as the picker's range; a bare day spans it from 00:00:00 to 23:59:59.
 */
export function rangeOfWarningTime(value: string | undefined): TimeRange | undefined {
  const parsed = value ? parseWarningTime(value) : null;
  if (!parsed) return undefined;
  const bound = (t: string, end: boolean) => (t.length === 10 ? dayjs(`${t} ${end ? '23:59:59' : '00:00:00'}`) : dayjs(t));
  return [bound(parsed.beginDate, false), bound(parsed.endDate, true)];
}

export function filtersFromQuery(q: WarningListQuery): WarningFilterValues {
  const explicit = q.beginDate && q.endDate ? `${q.beginDate},${q.endDate}` : undefined;
  return {
    warningType: q.warningType,
    dealStatus: q.dealStatus,
    riskLevel: q.riskLevel,
    customerPhone: q.customerPhone,
    deviceNumber: q.deviceNumber,
    deptId: q.deptId,
    warningTime: rangeOfWarningTime(explicit ?? q.warningTime),
  };
}

/** The form as the address bar and the calls carry it: the time range as one `warningTime` text. */
export function filtersToQuery(v: WarningFilterValues): Partial<WarningExportQuery> {
  const range = v.warningTime;
  return {
    warningType: v.warningType as WarningExportQuery['warningType'],
    dealStatus: v.dealStatus,
    riskLevel: v.riskLevel,
    customerPhone: text(v.customerPhone),
    deviceNumber: text(v.deviceNumber),
    deptId: v.deptId,
    warningTime: range ? `${range[0].format(TIME)},${range[1].format(TIME)}` : undefined,
  };
}
