import { AlarmCalls, type AlarmExportQuery, type AlarmListQuery } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, download } from '../../api/call';

export function fetchAlarmPage(query: AlarmListQuery, signal: AbortSignal) {
  return call(AlarmCalls.list, { body: query }, { signal });
}

export function exportAlarms(filters: Partial<AlarmExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download(AlarmCalls.download, { body: filters }, { fallbackName: '设备报警.xlsx', onProgress });
}

/** The alarm types change only with a release: fetched once per session. */
export function alarmTypesQuery() {
  return queryOptions({
    queryKey: ['alarmTypes'],
    queryFn: ({ signal }) => call(AlarmCalls.types, undefined, { signal }),
    staleTime: Infinity,
  });
}
