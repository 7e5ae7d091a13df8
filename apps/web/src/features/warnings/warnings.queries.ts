import {
  WARNING_LIST_PATHS,
  type DealBatchForm,
  type DealResult,
  type PageResult,
  type ResultEnvelope,
  type TreatForm,
  type WarningExportQuery,
  type WarningListItem,
  type WarningListQuery,
  type WarningTypeDictItem,
} from '@cvrisk/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { download, getResult, request } from '../../api/http';

/** The list screen's id, the first part of its cache keys. */
export const WARNINGS_KEY = 'riskWarning';

export function fetchWarningPage(query: WarningListQuery, signal: AbortSignal) {
  return getResult<PageResult<WarningListItem>>(WARNING_LIST_PATHS.list, { method: 'POST', data: query, signal });
}

/** The types change only with a release: fetched once per session. */
export function warningTypeDictQuery() {
  return queryOptions({
    queryKey: ['warningTypeDict'],
    queryFn: ({ signal }) => getResult<WarningTypeDictItem[]>(WARNING_LIST_PATHS.typeDict, { method: 'POST', signal }),
    staleTime: Infinity,
  });
}

type Progress = (received: number, total: number | null) => void;

export function exportWarnings(filters: Partial<WarningExportQuery>, onProgress: Progress) {
  return download(WARNING_LIST_PATHS.download, { data: filters, fallbackName: '风险预警.xlsx', onProgress });
}

export function exportWarningCustomers(filters: Partial<WarningExportQuery>, onProgress: Progress) {
  return download(WARNING_LIST_PATHS.downloadCustomer, { data: filters, fallbackName: '客户预警统计.xlsx', onProgress });
}

export type TreatTarget = { id: number; warningType: number; deviceNumber: string } | { ids: number[] };
export type TreatMode = 'unify' | 'single' | 'batch';

/**
 * Sends the handling and answers the server's msg (处理成功，共处理N条预警). Silent: a 409 is shown by
 * the dialog itself, with the server's words.
 */
export async function treatWarnings(mode: TreatMode, target: TreatTarget, dealDescription: string): Promise<string> {
  if (mode === 'batch' || 'ids' in target) {
    const ids = 'ids' in target ? target.ids : [target.id];
    const body: DealBatchForm = { ids, dealDescription };
    return (await request<ResultEnvelope<DealResult>>(WARNING_LIST_PATHS.unifyDealBatch, { method: 'PUT', data: body, silent: true })).msg;
  }
  const body: TreatForm = { id: target.id, dealDescription, warningType: target.warningType as TreatForm['warningType'], deviceNumber: target.deviceNumber };
  const path = mode === 'unify' ? WARNING_LIST_PATHS.unifyDeal : WARNING_LIST_PATHS.treat;
  return (await request<ResultEnvelope<DealResult>>(path, { method: 'PUT', data: body, silent: true })).msg;
}

/**
 * After a handling (or a 409) every warning figure may have changed: the list, the detail page, the
 * top bar's badge and ticker, the home page's counts. They all refetch.
 */
export function refreshWarningViews(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => {
      const head = String(q.queryKey[0] ?? '');
      return head !== 'warningTypeDict' && /warning|home|topbar|customer/i.test(head);
    },
  });
}
