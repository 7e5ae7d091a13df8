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

/** A run of messages the gateway heard from the terminal (heartbeats too), none further apart than a wired device's grace. */
export type HeardRun = { since: number; to: number };

/**
 * The device reports again after a silence longer than its threshold: it was offline from its last
 * report until now. Read in data time, so a blind-area upload of old fixes finds old silences. Offline
 * means no message at all (issue 30): where the terminal's current run of messages (`heard`) falls
 * between the two fixes, the car was parked with its terminal heard, and only the silences before the
 * run began or after it ended count.
 */
export function offlineOnReturn(last: Seen | null, back: number, kind: number, th: Thresholds, heard?: HeardRun): Fire | null {
  if (!last) return null;
  const limit = offlineLimitMs(kind, th);
  if (heard && heard.since < back && heard.to > last.t) {
    if (heard.since - last.t > limit) return offline(last, heard.since, limit, heard.since);
    if (back - heard.to > limit) return offline({ ...last, t: heard.to }, back, limit, back);
    return null;
  }
  return back - last.t > limit ? offline(last, back, limit, back) : null;
}

/** Still silent at `now` (the scheduler's question): the same warning its return will later refresh. */
export function offlineNow(last: Seen, now: number, kind: number, th: Thresholds): Fire | null {
  const limit = offlineLimitMs(kind, th);
  return now - last.t > limit ? offline(last, now, limit, null) : null;
}
