import { WarningCalls, type DealBatchForm, type TreatForm, type WarningExportQuery } from '@cvrisk/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from '../../app/queryClient';
import { call, callWithMessage, download } from '../../api/call';
import { toListQuery, type WarningListView } from './warningListView';

/** The list screen's id, the first part of its cache keys. */
export const WARNINGS_KEY = 'riskWarning';

export function fetchWarningPage(view: WarningListView, signal: AbortSignal) {
  return call(WarningCalls.list, { body: toListQuery(view) }, { signal });
}

/** The types change only with a release: fetched once per session. */
export function warningTypeDictQuery() {
  return queryOptions({
    queryKey: ['warningTypeDict'],
    queryFn: ({ signal }) => call(WarningCalls.typeDict, undefined, { signal }),
    staleTime: Infinity,
  });
}

type Progress = (received: number, total: number | null) => void;

export function exportWarnings(filters: Partial<WarningExportQuery>, onProgress: Progress) {
  return download(WarningCalls.download, { body: filters }, { fallbackName: '风险预警.xlsx', onProgress });
}

export function exportWarningCustomers(filters: Partial<WarningExportQuery>, onProgress: Progress) {
  return download(WarningCalls.downloadCustomer, { body: filters }, { fallbackName: '客户预警统计.xlsx', onProgress });
}

/** One warning, or a chosen batch (with the types among it, for the phrases offered). */
export type TreatTarget = { id: number; warningType: number; deviceNumber: string } | { ids: number[]; warningTypes?: number[] };
export type TreatMode = 'unify' | 'single' | 'batch';

/**
 * Sends the handling and answers the server's msg (处理成功，共处理N条预警). Silent: a 409 is shown by
 * the dialog itself, with the server's words.
 */
export async function treatWarnings(mode: TreatMode, target: TreatTarget, dealDescription: string): Promise<string> {
  if (mode === 'batch' || 'ids' in target) {
    const ids = 'ids' in target ? target.ids : [target.id];
    const body: DealBatchForm = { ids, dealDescription };
    return (await callWithMessage(WarningCalls.unifyDealBatch, { body }, { silent: true })).msg;
  }
  const body: TreatForm = { id: target.id, dealDescription, warningType: target.warningType as TreatForm['warningType'], deviceNumber: target.deviceNumber };
  return (await callWithMessage(mode === 'unify' ? WarningCalls.unifyDeal : WarningCalls.treat, { body }, { silent: true })).msg;
}

/**
 * After a handling (or a 409): the warning list, the detail page, the top bar's badge, ticker and
 * dialog, the home page's figures, and every other view that may show the warning, once refetched.
 */
export async function refreshWarningViews(client: QueryClient): Promise<void> {
  await refreshAfterChange(client);
}
