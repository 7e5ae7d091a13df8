import type { AlarmExportQuery, AlarmListItem, AlarmListQuery, AlarmTypeItem, PageResult } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { download, getResult } from '../../api/http';

export function fetchAlarmPage(query: AlarmListQuery, signal: AbortSignal) {
  return getResult<PageResult<AlarmListItem>>('/api/report/gpsAlarm/findList', { method: 'POST', data: query, signal });
}

export function exportAlarms(filters: Partial<AlarmExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download('/api/report/gpsAlarm/download', { data: filters, fallbackName: '设备报警.xlsx', onProgress });
}

/** The alarm types change only with a release: fetched once per session. */
export function alarmTypesQuery() {
  return queryOptions({
    queryKey: ['alarmTypes'],
    queryFn: ({ signal }) => getResult<AlarmTypeItem[]>('/api/report/alarmWarning/getAlarmType', { signal }),
    staleTime: Infinity,
  });
}
