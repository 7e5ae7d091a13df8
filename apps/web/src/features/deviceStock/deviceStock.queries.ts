import { DeviceStockCalls, type StockCountQuery, type StockImportBody, type StockListQuery } from '@cvrisk/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from '../../app/queryClient';
import { call, callWithMessage, download } from '../../api/call';

/** Names the list's cache entries (ListScreen's `id`) and the counts beside them. */
export const STOCK_KEY = 'deviceStock';

export function fetchStockPage(query: StockListQuery, signal: AbortSignal) {
  return call(DeviceStockCalls.list, { body: query }, { signal });
}

export function stockCountsQuery(filters: StockCountQuery) {
  return queryOptions({
    queryKey: [STOCK_KEY, 'counts', filters],
    queryFn: ({ signal }) => call(DeviceStockCalls.counts, { body: filters }, { signal }),
  });
}

/** After an import, a transfer or a retirement: the list and its counts are read again. */
/** The stock screen, and every other list an imported, moved or retired device is on. */
export const refreshStock = (client: QueryClient) => Promise.all([client.invalidateQueries({ queryKey: [STOCK_KEY] }), refreshAfterChange(client)]);

export const downloadStockTemplate = () => download(DeviceStockCalls.template, undefined, { fallbackName: '设备导入模板.xlsx' });

/** A large list takes a while to check on the server: these calls wait longer than a page does. */
const LONG = { timeout: 120_000 };
export const checkStock = (body: StockImportBody) => callWithMessage(DeviceStockCalls.check, { body }, LONG);
export const importStock = (body: StockImportBody) => callWithMessage(DeviceStockCalls.import, { body }, LONG);
export const transferStock = (ids: number[], deptId: number) => callWithMessage(DeviceStockCalls.transfer, { body: { ids, deptId } });
export const retireStock = (ids: number[], reason: string) => callWithMessage(DeviceStockCalls.retire, { body: { ids, reason } });
