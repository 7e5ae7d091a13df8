import { DAY_MS, HOUR_MS, MINUTE_MS } from './types.js';

/** The time-driven rules are swept this often. */
const SWEEP_EVERY_MS = MINUTE_MS;
/** Residence and grades are redone once a day after this local time, when the night's places are known. */
const NIGHTLY_AT_HOURS = 5.5;
/** After a restart, terminals get this long to upload what they kept while the engine was down. */
const RESTART_GRACE_MS = 20 * MINUTE_MS;
const OFFSET_MS = 8 * HOUR_MS;

export type ScheduleOptions = {
  now: () => number;
  /** One sweep; `deferAfter` as sweepOffline takes it. */
  sweep(deferAfter: number | null): Promise<void>;
  nightly(): Promise<void>;
  /** When the engine last swept before this start, null on a first start. */
  downSince: number | null;
  onError(err: unknown): void;
};

export type Schedule = { stop(): Promise<void> };

/** Sweeps at once and then every minute; runs the nightly pass on the first tick past 05:30 each day. */
export function startSchedule(o: ScheduleOptions): Schedule {
  const startedAt = o.now();
  let nightlyDay = -1;
  let busy: Promise<void> | null = null;

  function tick(): void {
    if (busy) return;
    const at = o.now();
    const local = at + OFFSET_MS;
    const day = Math.floor(local / DAY_MS);
    const deferAfter = o.downSince !== null && at - startedAt < RESTART_GRACE_MS ? o.downSince : null;
    const jobs = [o.sweep(deferAfter)];
    if (day !== nightlyDay && local - day * DAY_MS >= NIGHTLY_AT_HOURS * HOUR_MS) {
      nightlyDay = day;
      jobs.push(o.nightly());
    }
    busy = Promise.all(jobs)
      .then(() => undefined, o.onError)
      .finally(() => {
        busy = null;
      });
  }

  tick();
  const timer = setInterval(tick, SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}
