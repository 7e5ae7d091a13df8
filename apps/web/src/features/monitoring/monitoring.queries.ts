import type { MonitorDevice, MonitorDeviceCard, MonitorSearchItem, TrackResult } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult } from '../../api/http';

/** The card's address and warnings change slowly; its position comes from the live stream in between. */
export const CARD_REFRESH_MS = 30_000;

/** Every device in scope (or one department's subtree) for the map; the live stream keeps it current. */
export function fetchMonitorDevices(deptId: number | undefined, signal: AbortSignal) {
  return getResult<MonitorDevice[]>('/api/monitor/devices', { params: { deptId }, signal });
}

export function deviceCardQuery(deviceNumber: string) {
  return queryOptions({
    queryKey: ['monitor', 'card', deviceNumber],
    queryFn: ({ signal }) => getResult<MonitorDeviceCard>('/api/monitor/deviceCard', { params: { deviceNumber }, signal }),
    refetchInterval: CARD_REFRESH_MS,
  });
}

export function searchDevices(keyword: string, signal: AbortSignal) {
  return getResult<MonitorSearchItem[]>('/api/monitor/search', { params: { keyword }, signal, silent: true });
}

/** A wired terminal's replay comes from its own table; wireless ones report far less often. */
export function fetchTrack(kind: 'wired' | 'wireless', deviceNumber: string, startTime: string, endTime: string, signal: AbortSignal) {
  const path = kind === 'wired' ? '/api/device/trackReplayWired' : '/api/device/trackReplayWireless';
  return getResult<TrackResult>(path, { params: { deviceNumber, startTime, endTime }, signal });
}
