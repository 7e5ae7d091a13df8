import { WhiteListCalls, type WhiteListQuery, type WhiteListSave } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

/** The list screen's id and so the first part of its cache keys: one invalidation refreshes it. */
export const WHITE_LIST_KEY = 'whiteList';

export function fetchWhiteListPage(query: WhiteListQuery, signal: AbortSignal) {
  return call(WhiteListCalls.list, { body: query }, { signal });
}

export function customerSearchQuery(keyword: string) {
  return queryOptions({
    queryKey: [WHITE_LIST_KEY, 'customers', keyword],
    queryFn: ({ signal }) => call(WhiteListCalls.findCustomer, { body: { keyword } }, { signal }),
    enabled: keyword !== '',
  });
}

/** The server's `msg` (已加入白名单 / 白名单已更新, and when it takes effect) is what the operator is told. */
export async function saveWhiteList(body: WhiteListSave): Promise<string> {
  return (await callWithMessage(WhiteListCalls.save, { body })).msg;
}

export async function removeWhiteList(id: number): Promise<string> {
  return (await callWithMessage(WhiteListCalls.remove, { query: { id } })).msg;
}
