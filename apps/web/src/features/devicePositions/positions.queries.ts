import { CommandCalls, DeviceCalls } from '@cvrisk/contracts';
import type {
  CommandItem,
  DevLatestExportQuery,
  DevLatestQuery,
  EqCommand,
} from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage, download } from '../../api/call';

/** The list is live: devices report every 10–30 s while driving. */
export const LIST_REFRESH_MS = 30_000;
/** While a command drawer is open: often enough to see 已发送 turn into 已应答. */
export const DRAWER_REFRESH_MS = 3_000;
const HISTORY_LIMIT = 20;

export function fetchPositionPage(query: DevLatestQuery, signal: AbortSignal) {
  return call(DeviceCalls.latest, { body: query }, { signal });
}

export function exportPositions(filters: Partial<DevLatestExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download(DeviceCalls.latestExport, { body: filters }, { fallbackName: '设备最新位置.xlsx', onProgress });
}

/** Only devices in the caller's scope come back; unknown numbers are simply absent. */
export function fetchDevicesByNumbers(deviceNumbers: string[]) {
  return call(DeviceCalls.byNumbers, { body: { deviceNumbers } });
}

/** The drawer's position summary, polled quietly: a failed poll should not toast every 3 s. */
export function deviceLatestQuery(deviceNumber: string) {
  return queryOptions({
    queryKey: ['devicePositions', 'device', deviceNumber],
    queryFn: async ({ signal }) =>
      (await call(DeviceCalls.byNumbers, { body: { deviceNumbers: [deviceNumber] } }, { signal, silent: true }))[0] ?? null,
    refetchInterval: DRAWER_REFRESH_MS,
  });
}

export function commandHistoryQuery(deviceNumber: string) {
  return queryOptions({
    queryKey: ['devicePositions', 'commands', deviceNumber],
    queryFn: ({ signal }) =>
      call(CommandCalls.list, { query: { deviceNumber, limit: HISTORY_LIMIT } }, { signal, silent: true }),
    refetchInterval: DRAWER_REFRESH_MS,
  });
}

/** The server's `msg` (`位置查询：已发送`) is what the operator is told (console-spec §8). */
export async function sendCommand(body: EqCommand): Promise<{ item: CommandItem; msg: string }> {
  const { value, msg } = await callWithMessage(CommandCalls.send, { body });
  return { item: value, msg };
}
