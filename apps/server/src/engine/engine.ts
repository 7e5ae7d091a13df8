import { dayKey } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';
import type { PositionTable } from '../db/schema.js';
import { createSettingsRepository } from '../modules/settings/settings.repository.js';
import type { BatchWrite } from '../telemetry/pipeline/batch.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { createCheckpointRepository } from './checkpoint.repository.js';
import { createContextCache } from './context.js';
import { createCore, fixOf, yieldToIo } from './core.js';
import { localDay } from './evaluate.js';
import { recomputeAllGrades } from './customer-grade.js';
import { createCustomerGradeRepository } from './customer-grade.repository.js';
import { createLoanFraudSuggester } from './loan-fraud.js';
import { createDeviceContextRepository } from './device-context.repository.js';
import { createEngineDeviceStatusRepository } from './device-status.repository.js';
import { createEngineStateRepository } from './engine-state.repository.js';
import { createEnginePositionRepository } from './position.repository.js';
import { createRiskPointIndex } from './risk-point-index.js';
import { createEngineRiskPointRepository } from './risk-point.repository.js';
import { startSchedule, type Schedule } from './scheduler.js';
import { createStateStore } from './state-store.js';
import { sweepLongStays, sweepOffline, sweepResidences } from './sweeps.js';
import { DAY_MS, type Fix } from './types.js';
import { createEngineWarningRepository } from './warning.repository.js';

export type EngineOptions = {
  db: Db;
  telemetry: Pick<Telemetry, 'onCommitted' | 'announceWarning'>;
  now?: () => number;
  onError?: (err: unknown) => void;
  /**
   * The devices this engine judges; all by default. In scale mode each worker judges the devices of
   * the stream partitions it holds, and the predicate changes as partitions move.
   */
  owns?: (deviceNumber: string) => boolean;
  /** How far back late fixes are judged again, in days before the device's last judged fix (ENGINE_REJUDGE_DAYS). */
  rejudgeDays?: number;
};

/**
 * Memories are stored this often while batches flow (and on stop): a crash replays at most this much.
 * A minute, not seconds: a moving car's memory changes with every fix, so a short period rewrote one
 * row per device for nearly every message (issue 33), for a replay that costs milliseconds.
 */
const SAVE_EVERY_MS = 60_000;
/** Warnings' refreshes, regrades and day checkpoints are written this often: the console shows them. */
const SHOW_EVERY_MS = 5000;
/** Late fixes are judged again up to a week back (ENGINE_REJUDGE_DAYS); older ones are stored but not judged (docs/decisions.md). */
export const DEFAULT_REJUDGE_DAYS = 7;
/** A device the engine has never evaluated (a database older than the engine) is replayed from this far back. */
const FIRST_REPLAY_MS = 3 * DAY_MS;
const REPLAY_PAGE = 5000;
/** When the last scheduled sweep ran: after a restart, silences that ran out while the engine was down get a grace. */
const SWEPT_AT_KEY = 'engine.sweptAt';
/** The local day whose nightly grades were recomputed, claimed by the one worker that does it. */
const GRADED_DAY_KEY = 'engine.gradedDay';

/** Each device's in-order positions of a committed batch (the pipeline writes them sorted by device, then time). */
function groupByDevice(positions: readonly PositionTable[]): Map<number, Fix[]> {
  const groups = new Map<number, Fix[]>();
  let current: Fix[] | undefined;
  let currentId = -1;
  for (const p of positions) {
    if (p.device_id !== currentId) {
      currentId = p.device_id;
      current = groups.get(currentId);
      if (!current) groups.set(currentId, (current = []));
    }
    current!.push(fixOf(p));
  }
  return groups;
}

/**
 * The risk engine. It follows committed position batches and evaluates them in order, off the
 * ingest path (the pipeline only queues them), in data time: the fix times, so a history upload is
 * judged as if it were happening. Time-driven rules (offline, long stay) also run on a schedule once
 * `start` is called; residence changes are checked as each night ends and nightly.
 */
export function createEngine(o: EngineOptions) {
  const now = o.now ?? Date.now;
  const onError = o.onError ?? (() => {});
  const owns = o.owns ?? (() => true);
  const warnings = createEngineWarningRepository(o.db);
  const grades = createCustomerGradeRepository(o.db);
  const positions = createEnginePositionRepository(o.db);
  const status = createEngineDeviceStatusRepository(o.db);
  const settings = createSettingsRepository(o.db);
  const contexts = createContextCache(createDeviceContextRepository(o.db), now);
  const store = createStateStore(createEngineStateRepository(o.db));
  const checkpoints = createCheckpointRepository(o.db);
  const reachMs = (o.rejudgeDays ?? DEFAULT_REJUDGE_DAYS) * DAY_MS;
  const points = createRiskPointIndex(createEngineRiskPointRepository(o.db), now);
  const core = createCore({ warnings, grades, positions, contexts, points, store, checkpoints, status, now, owns, announce: (w) => o.telemetry.announceWarning(w),
    raised: createLoanFraudSuggester(o.db, now),
  });
  const queue: (() => Promise<void>)[] = [];
  let running: Promise<void> | null = null;
  let savedAt = performance.now();
  let shownAt = savedAt;
  let schedule: Schedule | null = null;

  async function run(): Promise<void> {
    try {
      while (queue.length > 0) {
        await yieldToIo();
        const job = queue.shift()!;
        try {
          await job();
          if (performance.now() - savedAt >= SAVE_EVERY_MS) {
            savedAt = shownAt = performance.now();
            await core.save();
          } else if (performance.now() - shownAt >= SHOW_EVERY_MS) {
            shownAt = performance.now();
            await core.saveShown();
          }
        } catch (err) {
          onError(err);
        }
      }
    } finally {
      running = null;
    }
  }

  /** Jobs run one at a time, in the order given: a device's fixes are always judged in order. */
  function enqueue(job: () => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      queue.push(() => job().then(resolve, (err: unknown) => {
        reject(err);
        throw err;
      }));
      running ??= run();
    });
  }

  /**
   * Fixes stored but never evaluated (the engine was down, or crashed before saving) are replayed
   * first. Only those received before the engine started following the pipeline: later ones are in
   * the queue already.
   */
  const followingSince = Date.now();
  async function catchUp(receivedBefore: number): Promise<void> {
    for (const b of await store.behind()) {
      if (!owns(b.number)) continue;
      let after = b.after ?? b.lastTime - FIRST_REPLAY_MS;
      for (;;) {
        const rows = await positions.replayPage(b.deviceId, after, receivedBefore, REPLAY_PAGE);
        if (rows.length === 0) break;
        await core.evaluate(new Map([[b.deviceId, rows.map(fixOf)]]));
        after = rows[rows.length - 1]!.gps_time;
      }
    }
  }

  /**
   * Devices whose late fixes were stored (marked in the same transaction) are judged again, in the
   * queue behind the batches committed before: a blind-area backlog spread over many batches is
   * judged once, when the job comes up. A mark left by a crash is found at the next start.
   */
  let judgementQueued = false;
  function queueJudgements(): void {
    if (judgementQueued) return;
    judgementQueued = true;
    void enqueue(async () => {
      judgementQueued = false;
      for (const p of await checkpoints.pending()) {
        if (!owns(p.device_number)) continue;
        await core.rejudge(p.device_id, p.from_time, reachMs);
        await checkpoints.done(p.device_id, p.from_time);
      }
    }).catch(() => {});
  }

  async function sweep(deferAfter: number | null): Promise<void> {
    const at = now();
    await core.write([...(await sweepOffline(status, contexts, at, deferAfter, owns)), ...sweepLongStays(core, contexts, at)]);
    await settings.set(0, SWEPT_AT_KEY, String(at));
  }

  async function nightly(): Promise<void> {
    await core.write(await sweepResidences(core, contexts));
    // Residences are each worker's own devices, but grades are every customer's: in scale mode the
    // first worker to claim the day recomputes them, the others would only repeat it.
    const at = now();
    if (await settings.claim(0, GRADED_DAY_KEY, String(dayKey(at)))) await recomputeAllGrades(grades, at);
    await checkpoints.prune(localDay(at - reachMs) - 1);
  }

  const unsubscribe = o.telemetry.onCommitted((batch: BatchWrite) => {
    void enqueue(() => core.evaluate(groupByDevice(batch.positions))).catch(() => {});
    if (batch.late.length > 0) queueJudgements();
  });
  void enqueue(() => catchUp(followingSince)).catch(() => {});
  queueJudgements();

  return {
    /** Resolves once everything handed to the engine so far is evaluated and written. */
    async idle(): Promise<void> {
      while (running) await running;
      await enqueue(() => core.save());
    },

    /** Starts the schedule: a sweep now and every minute, the nightly pass after 05:30. */
    async start(): Promise<void> {
      const sweptAt = Number(await settings.get(0, SWEPT_AT_KEY)) || null;
      schedule = startSchedule({
        now,
        sweep: (deferAfter) => enqueue(() => sweep(deferAfter)),
        nightly: () => enqueue(nightly),
        downSince: sweptAt,
        onError,
      });
    },

    /** One scheduled sweep (offline, long stays) at the engine's clock, waited for. */
    sweep: () => enqueue(() => sweep(null)),
    /** The nightly pass (residence changes, every grade), waited for. */
    nightly: () => enqueue(nightly),

    countByType: (): Promise<Map<number, number>> => warnings.countByType(),

    /** Warnings this engine raised since it started, by type code (metrics). */
    raisedByType: core.raisedByType,

    /**
     * Devices this engine now judges (scale mode: partitions acquired) are caught up on what was
     * stored and not yet evaluated, from the state their last judge saved.
     */
    // Whatever this worker committed before the job runs is evaluated already, or is skipped as
    // not newer than the device's last evaluated fix.
    adopt: () => {
      const caughtUp = enqueue(() => catchUp(Date.now()));
      queueJudgements();
      return caughtUp;
    },

    /** Devices this engine no longer judges (partitions lost): their memories are saved, then dropped. */
    release: () =>
      enqueue(async () => {
        await core.save();
        core.forgetUnowned();
      }),

    /** Evaluates what is queued, stores every memory, and stops following the pipeline. */
    async stop(): Promise<void> {
      unsubscribe();
      await schedule?.stop();
      while (running) await running;
      await core.save();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
