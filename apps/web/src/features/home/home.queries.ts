import type { CarCountStats, CustomerCountStats, DeviceOnlineStats } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult } from '../../api/http';

/** Home counts refresh once a minute while the page is open; they move as devices report. */
const HOME_REFRESH_MS = 60_000;

const stat = <T,>(name: string) =>
  queryOptions({
    queryKey: ['home', name],
    queryFn: ({ signal }) => getResult<T>(`/api/indexMonitoring/${name}`, { signal }),
    refetchInterval: HOME_REFRESH_MS,
  });

export const deviceOnlineQuery = () => stat<DeviceOnlineStats>('deviceOnline');
export const customerCountQuery = () => stat<CustomerCountStats>('customerCount');
export const carCountQuery = () => stat<CarCountStats>('carCount');
