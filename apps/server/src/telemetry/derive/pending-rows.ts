import type { DeviceDailyTable, DrivingEventTable, StopTable, TrackCheckpointTable, TripTable } from '../../db/schema.js';
import { DAILY_SUMS } from './derived-columns.js';
import type { DerivedRows } from './device-deriver.js';

/**
 * A device's derived rows not yet written, merged the way the tables' upserts merge them: the newest
 * version of a stop, trip or event, the sum of each day's figures (the top speed: the highest), the
 * first checkpoint of a day. Writing them once equals writing every batch's rows in turn.
 */
export type PendingRows = {
  stops: Map<number, StopTable>;
  trips: Map<number, TripTable>;
  events: Map<string, DrivingEventTable>;
  daily: Map<number, DeviceDailyTable>;
  checkpoints: Map<number, TrackCheckpointTable>;
  /** When the first of them was derived (the pipeline's clock): they are written a set time after. */
  since: number;
};

export const emptyPendingRows = (since: number): PendingRows => ({
  stops: new Map(), trips: new Map(), events: new Map(), daily: new Map(), checkpoints: new Map(), since,
});

/** Adds a batch's rows of the device (`createDeviceDeriver().rows()`) to what waits. */
export function mergeRows(into: PendingRows, rows: DerivedRows): void {
  for (const s of rows.stops) into.stops.set(s.start_time, s);
  for (const t of rows.trips) into.trips.set(t.start_time, t);
  for (const e of rows.events) into.events.set(`${e.kind}:${e.start_time}`, e);
  for (const c of rows.checkpoints) if (!into.checkpoints.has(c.day)) into.checkpoints.set(c.day, c);
  for (const d of rows.daily) {
    const had = into.daily.get(d.day);
    if (!had) {
      into.daily.set(d.day, { ...d });
      continue;
    }
    for (const c of DAILY_SUMS) had[c] += d[c];
    had.max_speed = Math.max(had.max_speed, d.max_speed);
  }
}

/** A copy to merge a batch into without touching what waits (the write may still fail). */
export function copyRows(p: PendingRows): PendingRows {
  const daily = new Map<number, DeviceDailyTable>();
  for (const [day, d] of p.daily) daily.set(day, { ...d });
  return { stops: new Map(p.stops), trips: new Map(p.trips), events: new Map(p.events), daily, checkpoints: new Map(p.checkpoints), since: p.since };
}

/** Appends what waits to a write's rows. */
export function appendRows(out: DerivedRows, p: PendingRows): void {
  for (const s of p.stops.values()) out.stops.push(s);
  for (const t of p.trips.values()) out.trips.push(t);
  for (const e of p.events.values()) out.events.push(e);
  for (const d of p.daily.values()) out.daily.push(d);
  for (const c of p.checkpoints.values()) out.checkpoints.push(c);
}
