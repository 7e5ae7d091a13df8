import type { PageResult, ResultEnvelope, WhiteListCustomer, WhiteListItem, WhiteListQuery, WhiteListSave } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult, request } from '../../api/http';

/** The list screen's id and so the first part of its cache keys: one invalidation refreshes it. */
export const WHITE_LIST_KEY = 'whiteList';

export function fetchWhiteListPage(query: WhiteListQuery, signal: AbortSignal) {
  return getResult<PageResult<WhiteListItem>>('/api/report/whiteList/findList', { method: 'POST', data: query, signal });
}

export function customerSearchQuery(keyword: string) {
  return queryOptions({
    queryKey: [WHITE_LIST_KEY, 'customers', keyword],
    queryFn: ({ signal }) => getResult<WhiteListCustomer[]>('/api/report/whiteList/findCustomer', { method: 'POST', data: { keyword }, signal }),
    enabled: keyword !== '',
  });
}

/** The server's `msg` (已加入白名单 / 白名单已更新, and when it takes effect) is what the operator is told. */
export async function saveWhiteList(body: WhiteListSave): Promise<string> {
  return (await request<ResultEnvelope<null>>('/api/report/whiteList/save', { method: 'POST', data: body })).msg;
}

export async function removeWhiteList(id: number): Promise<string> {
  return (await request<ResultEnvelope<null>>('/api/report/whiteList/delete', { method: 'DELETE', params: { id } })).msg;
}
