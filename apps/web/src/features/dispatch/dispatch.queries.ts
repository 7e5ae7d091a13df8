import { DispatchCalls, type CallInput, type OrderFile, type OrderItem, type OrderPage, type PageResult } from '@cvrisk/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { call, callWithMessage, download, type CallOptions } from '../../api/call';
import type { OrderListView } from './orderFilters';

/** The first part of every order cache key: one invalidation after a change refreshes lists, detail, tabs and counts. */
export const DISPATCH_KEY = 'dispatch';

/** Home figures move as installers work; refresh them as often as the other home figures. */
const COUNTS_REFRESH_MS = 60_000;

/** A page of orders; the list's reply also carries the per-state counts of the tabs, the abnormal list's does not. */
export type OrderListPage = PageResult<OrderItem> & Partial<Pick<OrderPage, 'stateCounts'>>;

export function fetchOrderPage({ view, ...query }: OrderListView, signal: AbortSignal): Promise<OrderListPage> {
  return view === 'abnormal' ? call(DispatchCalls.abnormal, { body: query }, { signal }) : call(DispatchCalls.list, { body: query }, { signal });
}

export const orderDetailQuery = (id: number) =>
  queryOptions({ queryKey: [DISPATCH_KEY, 'detail', id], queryFn: ({ signal }) => call(DispatchCalls.detail, { query: { id } }, { signal }) });

export const orderFilesQuery = (orderId: number) =>
  queryOptions({ queryKey: [DISPATCH_KEY, 'files', orderId], queryFn: ({ signal }) => call(DispatchCalls.files, { query: { orderId } }, { signal }) });

export const installersQuery = (id: number) =>
  queryOptions({ queryKey: [DISPATCH_KEY, 'installers', id], queryFn: ({ signal }) => call(DispatchCalls.installers, { query: { id } }, { signal }) });

export const dispatchCountsQuery = () =>
  queryOptions({ queryKey: [DISPATCH_KEY, 'counts'], queryFn: ({ signal }) => call(DispatchCalls.counts, undefined, { signal }), refetchInterval: COUNTS_REFRESH_MS });

/** How many of the installer company's orders are in each state (any state asked: the counts ignore it). */
export const mineCountsQuery = () =>
  queryOptions({
    queryKey: [DISPATCH_KEY, 'mine', 'counts'],
    queryFn: async ({ signal }) => (await call(DispatchCalls.mine, { body: { pageNumber: 1, pageSize: 1 } }, { signal })).stateCounts,
  });

/**
 * A file's bytes, fetched with the session token (an <img src> could not send it). Outside the
 * `dispatch` key: a file never changes, so refreshing an order after a change must not fetch it again.
 */
export const orderFileContentQuery = (file: OrderFile) =>
  queryOptions({
    queryKey: ['orderFile', file.id],
    queryFn: async ({ signal }) => (await download(DispatchCalls.fileContent, { query: { id: file.id } }, { fallbackName: file.fileName, signal })).blob,
    staleTime: Infinity,
  });

type Change = 'audit' | 'reDispatch' | 'revoke' | 'accept' | 'upload' | 'setDevices' | 'markInstalled';
export type ChangeBody<N extends Change> = CallInput<(typeof DispatchCalls)[N]> extends { body: infer B } ? B : never;

/** Sends a change of an order and answers the server's message (已派单, 已撤销…), which the person is shown. */
export async function sendChange<N extends Change>(name: N, body: ChangeBody<N>, opts?: CallOptions): Promise<string> {
  // Every change takes a body and answers under `result`; the cast only joins the union of declarations.
  const declaration = DispatchCalls[name] as (typeof DispatchCalls)['accept'];
  return (await callWithMessage(declaration, { body } as unknown as CallInput<typeof declaration>, opts)).msg;
}

/**
 * A change of an order: on success the server's message is toasted and every order view refreshes.
 * A refused change (409 naming the state) is toasted by the http layer unless sent `silent`.
 */
export function useOrderChange<V>(send: (values: V) => Promise<string>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (msg) => {
      void message.success(msg);
      void queryClient.invalidateQueries({ queryKey: [DISPATCH_KEY] });
    },
  });
}
