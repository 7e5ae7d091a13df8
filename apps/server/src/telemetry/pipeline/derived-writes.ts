import type { DerivedRows } from '../derive/device-deriver.js';
import { appendRows, copyRows, emptyPendingRows, mergeRows } from '../derive/pending-rows.js';
import type { TrackState } from '../derive/track-state.js';
import type { BatchWrite, EntryUpdate, TrackStateWrite } from './batch.js';
import type { DeviceCache, DeviceEntry } from './device-cache.js';

/** What a batch's transaction writes of the derived rows, and what keeps waiting in memory. */
export type DerivedPlan = {
  written: { entry: DeviceEntry; mark: number | null }[];
  held: { entry: DeviceEntry; rows: DerivedRows }[];
};

export type DerivedPolicy = {
  /** A device's derived rows are written this long after the first of them was derived; 0: with their positions. */
  everyMs: number;
  /** Devices whose waiting rows one transaction writes at most, so no transaction holds the writer long. */
  maxDevices: number;
};

function appendDerived(out: BatchWrite, rows: DerivedRows): void {
  out.stops.push(...rows.stops);
  out.trips.push(...rows.trips);
  out.events.push(...rows.events);
  out.daily.push(...rows.daily);
  out.checkpoints.push(...rows.checkpoints);
}

function stateWrite(entry: DeviceEntry, track: TrackState): TrackStateWrite {
  return { device_id: entry.id, state: JSON.stringify(track), derived_to: track.last?.t ?? null, expected: entry.mark };
}

/**
 * Adds to `write` the derived rows that are due: each device's rows once a minute (`everyMs`) rather
 * than with every fix, since a device's status, daily figures and track state would otherwise be
 * rewritten, each on a page of its own, for every message. A device's rows go out with its track
 * state and mark in the same transaction, so what is written is always a prefix of its positions
 * derived; the rest is derived again from the positions after a crash. `everything`: all that waits
 * (shutdown). Touches no entry: the plan is applied only once the transaction commits.
 */
export function planDerived(write: BatchWrite, updates: readonly EntryUpdate[], devices: DeviceCache, policy: DerivedPolicy, now: number, everything: boolean): DerivedPlan {
  const plan: DerivedPlan = { written: [], held: [] };
  const room = () => everything || plan.written.length < policy.maxDevices;
  const due = (since: number) => everything || now - since >= policy.everyMs;
  const inBatch = new Set<DeviceEntry>();
  for (const u of updates) {
    if (!u.rows) continue;
    inBatch.add(u.entry);
    const waiting = u.entry.pending;
    if (policy.everyMs > 0 && !(waiting && due(waiting.since) && room())) {
      plan.held.push({ entry: u.entry, rows: u.rows });
      continue;
    }
    if (waiting) {
      const merged = copyRows(waiting);
      mergeRows(merged, u.rows);
      appendRows(write, merged);
    } else {
      appendDerived(write, u.rows);
    }
    write.trackStates.push(stateWrite(u.entry, u.track));
    plan.written.push({ entry: u.entry, mark: u.track.last?.t ?? null });
  }
  for (const entry of devices.backlog()) {
    if (!room()) break;
    if (inBatch.has(entry)) continue;
    // Oldest first: once one is not due, none after it is.
    if (!due(entry.pending!.since)) break;
    appendRows(write, entry.pending!);
    write.trackStates.push(stateWrite(entry, entry.track));
    plan.written.push({ entry, mark: entry.track.last?.t ?? null });
  }
  return plan;
}

/** After the commit: written rows leave memory, the batch's other rows join what waits. */
export function applyDerived(plan: DerivedPlan, devices: DeviceCache, now: number): void {
  for (const w of plan.written) devices.written(w.entry, w.mark);
  for (const h of plan.held) {
    if (h.entry.gone) continue;
    h.entry.pending ??= emptyPendingRows(now);
    mergeRows(h.entry.pending, h.rows);
    devices.waiting(h.entry);
  }
}
