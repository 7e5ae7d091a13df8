/** Home-page counts (`/api/indexMonitoring/*`), all within the caller's scope. */
export type DeviceOnlineStats = {
  total: number;
  online: number;
  offline: number;
  never: number;
  wired: number;
  wireless: number;
};
export type CustomerCountStats = { total: number; overdue: number };
export type CarCountStats = { count: number };

/** Grace past the last report before a device counts as offline (server-behaviour §4). */
export const ONLINE_GRACE_MS = { 1: 10 * 60_000, 2: 26 * 3600_000 } as const;
