import { WarningCalls, type DeptNode, type WarningEvent, type WarningListItem } from '@cvrisk/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { subscribeLive } from '../../api/liveStream';
import { HOME_KEY } from '../home/home.queries';

/** The board's figures are read again this often, and soon after a warning is raised or handled. */
export const DASHBOARD_REFRESH_MS = 30_000;
/** The live list keeps this many warnings, newest first. */
export const LIVE_LIST_SIZE = 20;
/** Recounts at most this often: the engine raises warnings in bursts, and each recount is seven reads. */
const RECOUNT_GAP_MS = 1000;

/** A home figure read on the board's cadence rather than the home page's. */
export const onBoardCadence = <Q extends object>(query: Q) => ({ ...query, refetchInterval: DASHBOARD_REFRESH_MS });

/** One row of the live list: what a list item and a live event both tell, and the dealer's name once known. */
export type LiveWarning = Pick<WarningListItem, 'id' | 'warningType' | 'warningTypeName' | 'riskLevel' | 'deviceNumber' | 'plateNumber' | 'warningTime' | 'deptId'> & {
  dealer: string | null;
};

const LIVE_WARNINGS_KEY = ['dashboard', 'liveWarnings'] as const;

const rowOfItem = (w: WarningListItem): LiveWarning => ({
  id: w.id, warningType: w.warningType, warningTypeName: w.warningTypeName, riskLevel: w.riskLevel,
  deviceNumber: w.deviceNumber, plateNumber: w.plateNumber, warningTime: w.warningTime, deptId: w.deptId, dealer: w.deptName,
});

/** The newest warnings of the scope (the list's default order); rereading it catches what a dropped stream missed. */
export function liveWarningsQuery() {
  return queryOptions({
    queryKey: LIVE_WARNINGS_KEY,
    queryFn: async ({ signal }) => (await call(WarningCalls.list, { body: { pageNumber: 1, pageSize: LIVE_LIST_SIZE } }, { signal })).list.map(rowOfItem),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** A live event names its dealer by department only: the name comes from the caller's department tree. */
export function dealerNames(tree: readonly DeptNode[] | undefined): Map<number, string> {
  const names = new Map<number, string>();
  const visit = (nodes: readonly DeptNode[]) => {
    for (const n of nodes) {
      names.set(n.id, n.name);
      visit(n.children);
    }
  };
  visit(tree ?? []);
  return names;
}

export function prependWarning(list: LiveWarning[] | undefined, row: LiveWarning): LiveWarning[] {
  return [row, ...(list ?? []).filter((w) => w.id !== row.id)].slice(0, LIVE_LIST_SIZE);
}

const rowOfEvent = (e: WarningEvent): LiveWarning => ({
  id: e.id, warningType: e.warningType, warningTypeName: e.warningTypeName, riskLevel: e.riskLevel,
  deviceNumber: e.deviceNumber, plateNumber: e.plateNumber, warningTime: e.warningTime, deptId: e.deptId, dealer: null,
});

/**
 * A raised warning goes on top of the live list at once; the counters and charts (home figures) are
 * then read again, as they are when warnings are handled elsewhere.
 */
export function useDashboardLive(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = -Infinity;
    const recount = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        last = Date.now();
        void client.invalidateQueries({ queryKey: [HOME_KEY] });
      }, Math.max(0, last + RECOUNT_GAP_MS - Date.now()));
    };
    const stopRaised = subscribeLive('warning', (event) => {
      client.setQueryData<LiveWarning[]>(LIVE_WARNINGS_KEY, (old) => prependWarning(old, rowOfEvent(event)));
      recount();
    });
    const stopHandled = subscribeLive('warningHandled', recount);
    return () => {
      stopRaised();
      stopHandled();
      clearTimeout(timer);
    };
  }, [client]);
}
