import { DeviceKind, ONLINE_GRACE_MS, onlineGraceMs, type DeviceState } from '@cvrisk/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';

/** Below this speed (km/h) an online device counts as parked, as stops are defined (server-behaviour §8). */
export const MOVING_KMH = 3;

/**
 * The SQL condition for one device state, with `d` the device and `s` its latest status
 * (left-joined). One definition serves the list filter and the home counts.
 */
export function stateCondition(state: DeviceState, now: number): Expression<SqlBool> {
  const wiredCut = now - ONLINE_GRACE_MS[DeviceKind.wired];
  const wirelessCut = now - ONLINE_GRACE_MS[DeviceKind.wireless];
  const online = sql`((d.kind = 1 and s.last_time >= ${wiredCut}) or (d.kind = 2 and s.last_time >= ${wirelessCut}))`;
  switch (state) {
    case 'never':
      return sql<SqlBool>`s.last_time is null`;
    case 'offline':
      return sql<SqlBool>`(s.last_time is not null and not ${online})`;
    case 'moving':
      return sql<SqlBool>`(${online} and s.speed >= ${MOVING_KMH})`;
    case 'parked':
      return sql<SqlBool>`(${online} and s.speed < ${MOVING_KMH})`;
  }
}

/**
 * Devices online at `from` and offline at `to` without a report in between: time alone turned them
 * offline (a report would have published them anyway). The live stream's sweep looks for these.
 */
export function wentOfflineCondition(from: number, to: number): Expression<SqlBool> {
  const [wired, wireless] = [ONLINE_GRACE_MS[DeviceKind.wired], ONLINE_GRACE_MS[DeviceKind.wireless]];
  return sql<SqlBool>`((d.kind = 1 and s.last_time >= ${from - wired} and s.last_time < ${to - wired})
    or (d.kind = 2 and s.last_time >= ${from - wireless} and s.last_time < ${to - wireless}))`;
}

/** The same rule for one row already read. */
export function deviceState(kind: number, lastTime: number | null, speed: number | null, now: number): DeviceState {
  if (lastTime === null) return 'never';
  const grace = onlineGraceMs(kind);
  if (lastTime < now - grace) return 'offline';
  return (speed ?? 0) >= MOVING_KMH ? 'moving' : 'parked';
}
