import { DeviceKind, WARNING_TYPES } from '@cvrisk/contracts';
import { HOUR_MS, type Fire, type Seen, type Thresholds } from '../types.js';

/** How long a device of this kind may stay silent before it is offline in the warning's sense. */
export function offlineLimitMs(kind: number, th: Thresholds): number {
  return (kind === DeviceKind.wired ? th.offline.wiredHours : th.offline.wirelessHours) * HOUR_MS;
}

function offline(last: Seen, until: number, limit: number, backAt: number | null): Fire {
  return {
    type: WARNING_TYPES.offline.code,
    placeKey: '',
    time: last.t + limit,
    at: until,
    lng: last.lng,
    lat: last.lat,
    detail: { since: last.t, hours: Math.round((until - last.t) / HOUR_MS), ...(backAt === null ? {} : { backAt }) },
    continuing: backAt === null,
  };
}

/**
 * The device reports again after a silence longer than its threshold: it was offline from its last
 * report until now. Read in data time, so a blind-area upload of old fixes finds old silences.
 */
export function offlineOnReturn(last: Seen | null, back: number, kind: number, th: Thresholds): Fire | null {
  if (!last) return null;
  const limit = offlineLimitMs(kind, th);
  return back - last.t > limit ? offline(last, back, limit, back) : null;
}

/** Still silent at `now` (the scheduler's question): the same warning its return will later refresh. */
export function offlineNow(last: Seen, now: number, kind: number, th: Thresholds): Fire | null {
  const limit = offlineLimitMs(kind, th);
  return now - last.t > limit ? offline(last, now, limit, null) : null;
}
