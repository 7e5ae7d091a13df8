import { FenceCalls, type FenceBindRequest, type FenceBindResult, type FenceItem, type FenceListQuery, type FenceSave } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

/** Every fence query starts with this, so one invalidation refreshes lists, counts and bound cars. */
export const FENCES_KEY = 'fences';
/** console-spec §9: a fence's cars come in one page of 1000. */
export const BOUND_PAGE_SIZE = 1000;

export function fenceListQuery(query: FenceListQuery) {
  return queryOptions({
    queryKey: [FENCES_KEY, 'list', query],
    queryFn: ({ signal }) => call(FenceCalls.list, { query }, { signal }),
  });
}

export function boundCarsQuery(fenceId: number) {
  return queryOptions({
    queryKey: [FENCES_KEY, 'bound', fenceId],
    queryFn: ({ signal }) => call(FenceCalls.boundCars, { query: { fenceid: fenceId, pageNumber: 1, pageSize: BOUND_PAGE_SIZE } }, { signal }),
  });
}

/** The server's `msg` (围栏已创建 / 围栏已修改) is what the operator is told. */
export async function saveFence(body: FenceSave): Promise<{ fence: FenceItem; msg: string }> {
  const { value, msg } = await callWithMessage(FenceCalls.save, { body });
  return { fence: value.entity, msg };
}

export async function deleteFences(ids: number[]): Promise<{ deleted: number; msg: string }> {
  const { value, msg } = await callWithMessage(FenceCalls.remove, { query: { ids: ids.join(',') } });
  return { deleted: value.deleted, msg };
}

/** Numbers unknown or outside the caller's scope come back in `notFound`; the rest are bound. */
export function bindDevices(body: FenceBindRequest): Promise<FenceBindResult> {
  return call(FenceCalls.bind, { body });
}

export function unbindDevices(body: FenceBindRequest): Promise<FenceBindResult> {
  return call(FenceCalls.unbind, { body });
}
