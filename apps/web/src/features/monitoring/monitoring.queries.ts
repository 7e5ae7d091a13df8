import { MonitorCalls, TrackCalls, VehicleControlCalls } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';

/** The card's address and warnings change slowly; its position comes from the live stream in between. */
export const CARD_REFRESH_MS = 30_000;

/** Every device in scope (or one department's subtree) for the map; the live stream keeps it current. */
export function fetchMonitorDevices(deptId: number | undefined, signal: AbortSignal) {
  return call(MonitorCalls.devices, { query: { deptId } }, { signal });
}

export function deviceCardQuery(deviceNumber: string) {
  return queryOptions({
    queryKey: ['monitor', 'card', deviceNumber],
    queryFn: ({ signal }) => call(MonitorCalls.deviceCard, { query: { deviceNumber } }, { signal }),
    refetchInterval: CARD_REFRESH_MS,
  });
}

export function searchDevices(keyword: string, signal: AbortSignal) {
  return call(MonitorCalls.search, { query: { keyword } }, { signal, silent: true });
}

/** A wired terminal's replay comes from its own table; wireless ones report far less often. */
export function fetchTrack(kind: 'wired' | 'wireless', deviceNumber: string, startTime: string, endTime: string, signal: AbortSignal) {
  const replay = kind === 'wired' ? TrackCalls.replayWired : TrackCalls.replayWireless;
  return call(replay, { query: { deviceNumber, startTime, endTime } }, { signal });
}

/**
 * The relay as the device last reported it, for the card's 油电状态 line. Silent: a user without
 * `device:view` or a model without a mapping simply has no such line.
 */
export function relayQuery(deviceNumber: string) {
  return queryOptions({
    queryKey: ['monitor', 'relay', deviceNumber],
    queryFn: ({ signal }) => call(VehicleControlCalls.relay, { query: { deviceNumber } }, { signal, silent: true }),
    refetchInterval: CARD_REFRESH_MS,
  });
}
