import { DeviceKind, ONLINE_GRACE_MS, onlineGraceMs, type DeviceState } from '@cvrisk/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';

/** Below this speed (km/h) an online device counts as parked, as stops are defined (server-behaviour §8). */
export const MOVING_KMH = 3;

/**
 * When the device was last heard from, `s` its latest status: its newest position's time, or the
 * server's time of its latest message of any kind (a heartbeat) when that is later. A parked car
 * whose terminal sends only heartbeats is online; offline means no message at all (issue 30).
 * Null for a device that never reported a position.
 */
export const HEARD = sql<number | null>`(case when s.heard_at > s.last_time then s.heard_at else s.last_time end)`;

/** The same for one row already read. */
export function heardTime(lastTime: number | null, heardAt: number | null | undefined): number | null {
  if (lastTime === null) return null;
  return heardAt != null && heardAt > lastTime ? heardAt : lastTime;
}

/** Online now: heard within its kind's grace. `d` the device, `s` its latest status. */
export function onlineCondition(now: number): Expression<SqlBool> {
  const wiredCut = now - ONLINE_GRACE_MS[DeviceKind.wired];
  const wirelessCut = now - ONLINE_GRACE_MS[DeviceKind.wireless];
  return sql<SqlBool>`((d.kind = 1 and ${HEARD} >= ${wiredCut}) or (d.kind <> 1 and ${HEARD} >= ${wirelessCut}))`;
}

/**
 * The SQL condition for one device state, with `d` the device and `s` its latest status
 * (left-joined). One definition serves the list filter and the home counts.
 */
export function stateCondition(state: DeviceState, now: number): Expression<SqlBool> {
  const online = onlineCondition(now);
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
  return sql<SqlBool>`((d.kind = 1 and ${HEARD} >= ${from - wired} and ${HEARD} < ${to - wired})
    or (d.kind <> 1 and ${HEARD} >= ${from - wireless} and ${HEARD} < ${to - wireless}))`;
}

/** Whether a device heard at `heard` (see `heardTime`) is online at `now`. */
export const isOnline = (kind: number, heard: number | null, now: number): boolean => heard !== null && heard >= now - onlineGraceMs(kind);

/** The same rule for one row already read; `heardAt` is the status's `heard_at`. */
export function deviceState(kind: number, lastTime: number | null, heardAt: number | null | undefined, speed: number | null, now: number): DeviceState {
  const heard = heardTime(lastTime, heardAt);
  if (heard === null) return 'never';
  if (!isOnline(kind, heard, now)) return 'offline';
  return (speed ?? 0) >= MOVING_KMH ? 'moving' : 'parked';
}
