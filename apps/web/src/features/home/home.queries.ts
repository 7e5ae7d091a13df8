import { HomeCalls, type CallReply } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Home counts refresh once a minute while the page is open; they move as devices report. */
const HOME_REFRESH_MS = 60_000;

/** Every home figure starts with this key. */
export const HOME_KEY = 'home';

/** The figures that take no input (the city counts take their province). */
type Figure = Exclude<keyof typeof HomeCalls, 'carCityCount'>;

/**
 * `enabled` false for a figure the user may not see: the call would only answer "no permission"
 * (and send the console to /401). Cards of such figures are not rendered at all.
 */
const stat = <N extends Figure>(name: N, enabled = true) =>
  queryOptions({
    queryKey: [HOME_KEY, name],
    // Every figure takes no input; the cast only narrows the union of replies to this figure's.
    queryFn: ({ signal }) => call(HomeCalls[name] as (typeof HomeCalls)[Figure], undefined, { signal }) as Promise<CallReply<(typeof HomeCalls)[N]>>,
    refetchInterval: HOME_REFRESH_MS,
    enabled,
  });

export const deviceOnlineQuery = () => stat('deviceOnline');
export const customerCountQuery = (enabled: boolean) => stat('customerCount', enabled);
export const carCountQuery = () => stat('carCount');
export const customerGradeQuery = () => stat('customerGrade');
export const warningCountQuery = () => stat('warningCount');
export const alarmCountQuery = () => stat('alarmCount');
export const warningSeriesQuery = (days: 7 | 30) => stat(days === 7 ? 'warningCount7day' : 'warningCount30day');
export const unhandledByTypeQuery = () => stat('customerWarningStatistics');
export const warningListWeekQuery = () => stat('warningListWeek');
export const carProvinceCountQuery = () => stat('carProvinceCount');

export const carCityCountQuery = (province: string) =>
  queryOptions({
    queryKey: [HOME_KEY, 'carCityCount', province],
    queryFn: ({ signal }) => call(HomeCalls.carCityCount, { query: { province } }, { signal }),
    refetchInterval: HOME_REFRESH_MS,
  });
