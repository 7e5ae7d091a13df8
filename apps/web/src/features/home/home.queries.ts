import type {
  AlarmCountStats,
  CarCountStats,
  CustomerCountStats,
  CustomerGradeStats,
  CustomerWarningStats,
  DeviceOnlineStats,
  WarningCountStats,
  WarningDaySeries,
  WarningListWeek,
} from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult } from '../../api/http';

/** Home counts refresh once a minute while the page is open; they move as devices report. */
const HOME_REFRESH_MS = 60_000;

/**
 * `enabled` false for a figure the user may not see: the call would only answer "no permission"
 * (and send the console to /401). Cards of such figures are not rendered at all.
 */
const stat = <T,>(name: string, enabled = true) =>
  queryOptions({
    queryKey: ['home', name],
    queryFn: ({ signal }) => getResult<T>(`/api/indexMonitoring/${name}`, { signal }),
    refetchInterval: HOME_REFRESH_MS,
    enabled,
  });

export const deviceOnlineQuery = () => stat<DeviceOnlineStats>('deviceOnline');
export const customerCountQuery = (enabled: boolean) => stat<CustomerCountStats>('customerCount', enabled);
export const carCountQuery = () => stat<CarCountStats>('carCount');
export const customerGradeQuery = () => stat<CustomerGradeStats>('customerGrade');
export const warningCountQuery = () => stat<WarningCountStats>('warningCount');
export const alarmCountQuery = () => stat<AlarmCountStats>('alarmCount');
export const warningSeriesQuery = (days: 7 | 30) => stat<WarningDaySeries>(days === 7 ? 'warningCount7day' : 'warningCount30day');
export const unhandledByTypeQuery = () => stat<CustomerWarningStats>('customerWarningStatistics');
export const warningListWeekQuery = () => stat<WarningListWeek>('warningListWeek');
