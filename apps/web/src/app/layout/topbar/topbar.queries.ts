import {
  formatTime, QuickSearchCalls, TICKER_LIMIT, TOP_BAR_PAGE_SIZE, TOP_BAR_RECOUNT_MS, TOP_BAR_WINDOW_MS, WarningFeedCalls,
  type FeedWarning, type QuickSearchResult, type TickerResult, type WarningEvent,
} from '@cvrisk/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../api/call';
import { subscribeLive } from '../../../api/liveStream';
import { getToken } from '../../../api/token';

/** Every top-bar read starts with this key, so one invalidation recounts ticker, badge and dialog. */
export const TOPBAR_KEY = 'topbar';

/** console-spec §6: the ticker and the count load only with a token (and here: with warning:view). */
export const canLoadFeed = (permissions: readonly string[]) => getToken() !== null && permissions.includes('warning:view');

// Background reads stay silent: a failed recount must not toast every five minutes.
export function tickerQuery(enabled: boolean) {
  return queryOptions({
    queryKey: [TOPBAR_KEY, 'ticker'],
    queryFn: ({ signal }) => call(WarningFeedCalls.ticker, undefined, { silent: true, signal }),
    enabled,
    refetchInterval: TOP_BAR_RECOUNT_MS,
  });
}

export function countQuery(enabled: boolean) {
  return queryOptions({
    queryKey: [TOPBAR_KEY, 'count'],
    queryFn: ({ signal }) => call(WarningFeedCalls.count, undefined, { silent: true, signal }),
    enabled,
    refetchInterval: TOP_BAR_RECOUNT_MS,
  });
}

/** The badge's dialog: unhandled warnings of the last 3 days, 10 a page (console-spec §7, §9). */
export function feedListQuery(pageNumber: number, enabled: boolean) {
  return queryOptions({
    queryKey: [TOPBAR_KEY, 'list', pageNumber],
    queryFn: ({ signal }) => {
      const now = Date.now();
      const body = { pageSize: TOP_BAR_PAGE_SIZE, pageNumber, dealStatus: 0, beginDate: formatTime(now - TOP_BAR_WINDOW_MS), endDate: formatTime(now) };
      return call(WarningFeedCalls.list, { body }, { signal });
    },
    enabled,
  });
}

export function quickSearch(quickParam: string, signal?: AbortSignal): Promise<QuickSearchResult> {
  return call(QuickSearchCalls.quick, { body: { quickParam } }, { signal, silent: true });
}

/** What the ticker can show of a live event until the refetch brings the full row. */
export function feedOfEvent(e: WarningEvent): FeedWarning {
  return {
    id: e.id, warningType: e.warningType, warningTypeName: e.warningTypeName, riskLevel: e.riskLevel, compound: e.compound, dealStatus: 0,
    deviceNumber: e.deviceNumber, plateNumber: e.plateNumber, carFrameNumber: null, customerName: e.customerName, customerPhone: null,
    deptName: '', warningTime: e.warningTime,
  };
}

/** The ticker with a new warning on top, at most TICKER_LIMIT long, without a duplicate. */
export function prependWarning(list: FeedWarning[] | undefined, warning: FeedWarning): FeedWarning[] {
  return [warning, ...(list ?? []).filter((w) => w.id !== warning.id)].slice(0, TICKER_LIMIT);
}

/**
 * New warnings from the live stream go on top of the ticker at once; then ticker and count are read
 * again (the count cannot be derived: a refresh of an existing warning is not new). On return to the
 * window everything is recounted, as a handling elsewhere may have changed it.
 */
export function useWarningFeedLive(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void client.invalidateQueries({ queryKey: [TOPBAR_KEY] });
    const stop = subscribeLive('warning', (event) => {
      client.setQueryData<TickerResult>([TOPBAR_KEY, 'ticker'], (old) => ({ list: prependWarning(old?.list, feedOfEvent(event)) }));
      refresh();
    });
    // Another operator handled warnings: they leave the ticker and the badge drops at once.
    const stopHandled = subscribeLive('warningHandled', (event) => {
      const handled = new Set(event.ids);
      client.setQueryData<TickerResult>([TOPBAR_KEY, 'ticker'], (old) => (old ? { list: old.list.filter((w) => !handled.has(w.id)) } : old));
      refresh();
    });
    window.addEventListener('focus', refresh);
    return () => {
      stop();
      stopHandled();
      window.removeEventListener('focus', refresh);
    };
  }, [client, enabled]);
}
