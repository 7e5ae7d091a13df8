import type {
  FenceBindRequest,
  FenceBindResult,
  FenceBoundCar,
  FenceDeleteResult,
  FenceItem,
  FenceListQuery,
  FenceSave,
  PageResult,
  ResultEnvelope,
} from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult, request } from '../../api/http';

/** Every fence query starts with this, so one invalidation refreshes lists, counts and bound cars. */
export const FENCES_KEY = 'fences';
/** console-spec §9: a fence's cars come in one page of 1000. */
export const BOUND_PAGE_SIZE = 1000;

export function fenceListQuery(query: FenceListQuery) {
  return queryOptions({
    queryKey: [FENCES_KEY, 'list', query],
    queryFn: ({ signal }) => getResult<PageResult<FenceItem>>('/api/fence/getList', { params: query, signal }),
  });
}

export function boundCarsQuery(fenceId: number) {
  return queryOptions({
    queryKey: [FENCES_KEY, 'bound', fenceId],
    queryFn: ({ signal }) =>
      getResult<PageResult<FenceBoundCar>>('/api/fence/getFenceBindCarList', {
        params: { fenceid: fenceId, pageNumber: 1, pageSize: BOUND_PAGE_SIZE },
        signal,
      }),
  });
}

/** The server's `msg` (围栏已创建 / 围栏已修改) is what the operator is told. */
export async function saveFence(body: FenceSave): Promise<{ fence: FenceItem; msg: string }> {
  const reply = await request<ResultEnvelope<{ entity: FenceItem }>>('/api/fence/save', { method: 'POST', data: body });
  return { fence: reply.result.entity, msg: reply.msg };
}

export async function deleteFences(ids: number[]): Promise<{ deleted: number; msg: string }> {
  const reply = await request<ResultEnvelope<FenceDeleteResult>>('/api/fence/delete', { method: 'DELETE', params: { ids: ids.join(',') } });
  return { deleted: reply.result.deleted, msg: reply.msg };
}

/** Numbers unknown or outside the caller's scope come back in `notFound`; the rest are bound. */
export function bindDevices(body: FenceBindRequest): Promise<FenceBindResult> {
  return getResult<FenceBindResult>('/api/fence/quickFenceBindingDeviceNumber', { method: 'POST', data: body });
}

export function unbindDevices(body: FenceBindRequest): Promise<FenceBindResult> {
  return getResult<FenceBindResult>('/api/fence/fenceUnBindingDeviceNumbers', { method: 'POST', data: body });
}
