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
  positions: number;
  garbageBytes: number;
  oversizeRuns: number;
};

export const emptyGatewayStats = (): GatewayStats => ({
  connections: 0, authenticated: 0, accepted: 0, closedIdle: 0, frames: 0, malformed: {}, refusedUnauthenticated: 0,
  registerRefused: 0, authFailed: 0, positions: 0, garbageBytes: 0, oversizeRuns: 0,
});
