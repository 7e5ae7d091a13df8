import { dayKey } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import type { DeviceCache } from '../pipeline/device-cache.js';
import type { PositionPipeline } from '../pipeline/position-pipeline.js';
import { replayDevice } from './replay.js';

/** A blind-area backlog arrives over many batches: one replay after it settles, not one per batch. */
export const LATE_FIX_DELAY_MS = 2000;

/**
 * Late fixes (older than their device's newest) are stored at once and mark their device in
 * `derive_pending` in the same transaction; the device is then derived again from the day of its
 * oldest late fix, between two batches. A crash leaves the marks, and the next start replays them.
 */
export function createLateFixQueue(o: {
  db: Db; pipeline: () => PositionPipeline; devices: DeviceCache; delayMs?: number; onError?: (err: unknown) => void;
  /** Scale mode: only the devices this worker derives (another worker replays its own, under its own pipeline). */
  owns?: (deviceNumber: string) => boolean;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  async function replayOne(deviceId: number, fromDay: number): Promise<void> {
    // Rows waiting in memory are dropped and derived again: from their mark's day at the latest.
    const entry = o.devices.loaded(deviceId);
    const from = !entry?.pending ? fromDay : entry.mark === null ? null : Math.min(fromDay, dayKey(entry.mark));
    const track = await replayDevice(o.db, deviceId, from);
    await o.db.deleteFrom('derive_pending').where('device_id', '=', deviceId).where('from_day', '=', fromDay).execute();
    if (track && entry) {
      entry.track = track;
      o.devices.written(entry, track.last?.t ?? null);
    }
  }

  /** Never rejects: a failure is reported and the marks stay for the next run, which must still start. */
  async function run(): Promise<void> {
    timer = null;
    let pending: { device_id: number }[] = [];
    try {
      const marked = await o.db.selectFrom('derive_pending as p').innerJoin('device as d', 'd.id', 'p.device_id').select(['p.device_id', 'd.device_number']).execute();
      pending = o.owns ? marked.filter((p) => o.owns!(p.device_number)) : marked;
    } catch (err) {
      o.onError?.(err);
    }
    for (const p of pending) {
      try {
        // The day is read inside: a batch that committed since may have moved it earlier.
        await o.pipeline().exclusive(async () => {
          const now = await o.db.selectFrom('derive_pending').select('from_day').where('device_id', '=', p.device_id).executeTakeFirst();
          if (now) await replayOne(p.device_id, now.from_day);
        });
      } catch (err) {
        o.onError?.(err);
      }
    }
  }

  const schedule = (delayMs: number) => {
    timer ??= setTimeout(() => (running = running.then(run)), delayMs);
  };

  return {
    /** After each committed batch: a batch with late fixes asks for a replay soon. */
    committed(late: number): void {
      if (late > 0) schedule(o.delayMs ?? LATE_FIX_DELAY_MS);
    },
    /** At start: replays what a previous run left marked. */
    resume(): void {
      schedule(0);
    },
    /** Replays what waits now and resolves when done (tests, shutdown). */
    async settle(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      running = running.then(run);
      await running;
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
