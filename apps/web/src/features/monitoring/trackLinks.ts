import { DeviceKind } from '@cvrisk/contracts';

const withDevice = (path: string, deviceNumber: string) => `${path}?${new URLSearchParams({ deviceNumber })}`;

/** 轨迹回放: wired terminals and wireless trackers have their own replay screens (console-spec §2). */
export function playbackPath(kind: DeviceKind, deviceNumber: string): string {
  return withDevice(kind === DeviceKind.wired ? '/monitor/trackPlayback' : '/monitor/wirelessTrack', deviceNumber);
}

export function realtimePath(deviceNumber: string): string {
  return withDevice('/monitor/realtimeTracking', deviceNumber);
}

export function monitoringPath(deviceNumber: string): string {
  return `/monitor/onlineMonitoring?${new URLSearchParams({ deviceNumber, monitor: 'dev' })}`;
}
