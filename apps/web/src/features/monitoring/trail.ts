import { formatTime, parseTime, type MonitorDevice } from '@cvrisk/contracts';
import type { TrackPoint } from '../../components/map/layers/TrackLayer';

/** The live trail starts with this much history (the replay of the last hour). */
export const TRAIL_HISTORY_MS = 3600_000;
/** A day of 10-second fixes; older points fall off the start so that an open tab never grows without end. */
export const TRAIL_MAX_POINTS = 10_000;

export type TrailPoint = TrackPoint & { direction: number };

/**
 * The trail after one live update of its device: a fix newer than the last point is appended; the
 * stream repeats a device whose state changed but whose fix did not, and that adds nothing.
 */
export function appendLive(trail: readonly TrailPoint[], d: MonitorDevice): readonly TrailPoint[] {
  if (d.lng === null || d.lat === null || d.lastTime === null) return trail;
  const last = trail[trail.length - 1];
  const lastMs = last ? parseTime(last.gpsTime) : null;
  if (lastMs !== null && d.lastTime <= lastMs) return trail;
  const point: TrailPoint = { lng: d.lng, lat: d.lat, speed: d.speed ?? 0, direction: d.direction ?? 0, gpsTime: formatTime(d.lastTime) };
  const next = [...trail, point];
  return next.length > TRAIL_MAX_POINTS ? next.slice(next.length - TRAIL_MAX_POINTS) : next;
}
