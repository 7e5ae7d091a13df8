import { VehicleControlCalls, type SaveControlMapping } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const CONTROL_MAPPING_KEY = 'controlMapping';

export function controlMappingQuery() {
  return queryOptions({
    queryKey: [CONTROL_MAPPING_KEY],
    queryFn: ({ signal }) => call(VehicleControlCalls.mappingList, undefined, { signal }),
  });
}

export async function saveControlMapping(body: SaveControlMapping) {
  return (await callWithMessage(VehicleControlCalls.mappingSave, { body })).msg;
}

export async function deleteControlMapping(model: string) {
  return (await callWithMessage(VehicleControlCalls.mappingDelete, { body: { model } })).msg;
}
