import { AlarmMappingCalls, type SaveAlarmMapping } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const ALARM_MAPPING_KEY = 'alarmMapping';

export function alarmMappingQuery() {
  return queryOptions({
    queryKey: [ALARM_MAPPING_KEY],
    queryFn: ({ signal }) => call(AlarmMappingCalls.list, undefined, { signal }),
  });
}

export async function saveAlarmMapping(body: SaveAlarmMapping) {
  return { msg: (await callWithMessage(AlarmMappingCalls.save, { body })).msg };
}

export async function deleteAlarmMapping(id: number) {
  return { msg: (await callWithMessage(AlarmMappingCalls.delete, { body: { id } })).msg };
}
