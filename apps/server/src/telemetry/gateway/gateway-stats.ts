/** Counters an operator reads to see what terminals are doing and what was refused. */
export type GatewayStats = {
  connections: number;
  authenticated: number;
  accepted: number;
  closedIdle: number;
  frames: number;
  malformed: Record<string, number>;
  refusedUnauthenticated: number;
  registerRefused: number;
  authFailed: number;
  /** Positions acknowledged (stored, or already stored). */
  positions: number;
  /** Positions in location messages as they arrive, before they are checked or stored. */
  receivedPositions: number;
  /** Fixes refused as invalid (coordinates, time) and answered "message error". */
  invalidPositions: number;
  /** Sub-packaged parts sent before authentication: dropped unread. */
  fragmentsRefused: number;
  /** Connections closed for not authenticating in time. */
  closedUnauthenticated: number;
  /** Connections refused because their address failed too often. */
  throttled: number;
  /** Registrations/authentications refused unchecked (and their connections closed) because their number failed too often from that address. */
  throttledAttempts: number;
  /** Connections refused because the gateway was full (JT808_MAX_CONNECTIONS). */
  overCapacity: number;
  /** Connections the system could not accept (no file descriptor left): counted, not fatal. */
  acceptErrors: number;
  garbageBytes: number;
  oversizeRuns: number;
};

export const emptyGatewayStats = (): GatewayStats => ({
  connections: 0, authenticated: 0, accepted: 0, closedIdle: 0, frames: 0, malformed: {}, refusedUnauthenticated: 0,
  registerRefused: 0, authFailed: 0, positions: 0, receivedPositions: 0, invalidPositions: 0, fragmentsRefused: 0, closedUnauthenticated: 0,
  throttled: 0, throttledAttempts: 0, overCapacity: 0, acceptErrors: 0, garbageBytes: 0, oversizeRuns: 0,
});
