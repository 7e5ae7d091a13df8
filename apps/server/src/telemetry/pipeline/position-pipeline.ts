import { NO_MAPPING, type AlarmMapping } from './alarm-mapping.js';
import { buildBatch, type BatchWrite, type Queued, type StreamOffset } from './batch.js';
import type { DeviceCache, DeviceEntry } from './device-cache.js';
import { applyDerived, planDerived } from './derived-writes.js';
import { rejectionOf, type IncomingPosition, type ItemResult } from './incoming.js';
import { DerivedMarkMoved, type TelemetryStore } from './telemetry-store.js';

export type PipelineOptions = {
  store: TelemetryStore;
  devices: DeviceCache;
  /** The per-model alarm mapping applied to each position as it is stored; none without it. */
  alarmMapping?: { current(): Promise<AlarmMapping> };
  /** A flush starts once this many positions wait… */
  maxBatch?: number;
  /** …or this long after the first of them arrived. */
  maxDelayMs?: number;
  /** A device's derived rows are written this long after the first of them was derived (0, the default: with their positions). */
  deriveEveryMs?: number;
  /** Devices whose waiting derived rows one transaction writes at most. */
  maxDerivedDevices?: number;
  now?: () => number;
  /** Told of every committed batch: the engine and live updates start here. */
  onCommitted?: (batch: BatchWrite) => void;
};

/** Writes of one batch whose marks keep moving under it before its submissions are failed. */
const MARK_ATTEMPTS = 3;

type Waiting = { queued: Queued[]; settle: (inserted: boolean[] | Error, rows: number[]) => void };

/**
 * The one way positions enter the database, whatever their source. Submissions from many terminals
 * are gathered into one transaction; each submission resolves only after that transaction commits, so
 * a terminal is acknowledged only for what is durably stored.
 */
export function createPositionPipeline(o: PipelineOptions) {
  const maxBatch = o.maxBatch ?? 5000;
  const maxDelayMs = o.maxDelayMs ?? 10;
  const derivedPolicy = { everyMs: o.deriveEveryMs ?? 0, maxDevices: o.maxDerivedDevices ?? 1000 };
  const now = o.now ?? Date.now;
  /** Wakes the pipeline when the oldest waiting derived rows fall due and no position arrives to carry them. */
  let derivedTimer: NodeJS.Timeout | null = null;
  /** The last flush's write failed: a shutdown's drain stops retrying (the mark lets the next start derive the rest). */
  let lastFailed = false;
  let waiting: Waiting[] = [];
  let waitingCount = 0;
  /** Highest stream sequence waiting, per partition; null unless a scale-mode worker submits. */
  let waitingOffsets: Map<number, number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  /** The oldest waiting position has waited `maxDelayMs`: flush as soon as nothing else is. */
  let due = false;
  const stats = { stored: 0, duplicates: 0, rejected: 0, batches: 0, failedBatches: 0 };
  /** Told each committed batch's transaction time in seconds (metrics); null: nothing is timed. */
  let commitTimer: ((seconds: number) => void) | null = null;

  /**
   * The delay counts from the first waiting position's arrival, also while a flush is running: under
   * load the next flush starts the moment the previous one ends, with everything that came meanwhile,
   * instead of idling another `maxDelayMs` after each commit.
   */
  function schedule(): void {
    if (waitingCount === 0) {
      scheduleDerived();
      return;
    }
    if (waitingCount >= maxBatch || due) {
      if (!flushing) startFlush();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        due = true;
        schedule();
      }, maxDelayMs);
    }
  }

  function scheduleDerived(): void {
    if (flushing || derivedTimer) return;
    const oldest = o.devices.backlog().next();
    if (oldest.done) return;
    derivedTimer = setTimeout(() => {
      derivedTimer = null;
      if (!flushing && waitingCount === 0) startFlush();
    }, Math.max(0, oldest.value.pending!.since + derivedPolicy.everyMs - now()));
    // Nothing is lost by leaving rows waiting at exit: the next start derives them again.
    derivedTimer.unref();
  }

  /** Points each queued position whose device was forgotten at its reloaded entry; false if one is gone for good (retired meanwhile). */
  async function reload(all: Queued[]): Promise<boolean> {
    for (const q of all) {
      if (!q.device.gone) continue;
      const fresh = await o.devices.get(q.device.number);
      if (!fresh) return false;
      q.device = fresh;
    }
    return true;
  }

  function startFlush(everything = false): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (derivedTimer) clearTimeout(derivedTimer);
    derivedTimer = null;
    due = false;
    flushing = flush(everything);
  }

  /** `everything`: also every derived row still waiting, due or not (shutdown). */
  async function flush(everything: boolean): Promise<void> {
    lastFailed = false;
    const taken = waiting;
    waiting = [];
    waitingCount = 0;
    const offsets = waitingOffsets;
    waitingOffsets = null;
    const all = taken.flatMap((w) => w.queued);
    try {
      let mapping: AlarmMapping;
      try {
        mapping = (await o.alarmMapping?.current()) ?? NO_MAPPING;
      } catch (err) {
        stats.failedBatches += 1;
        for (const w of taken) w.settle(err instanceof Error ? err : new Error(String(err)), []);
        return;
      }
      let built: ReturnType<typeof buildBatch>;
      let derived: ReturnType<typeof planDerived>;
      let inserted: boolean[];
      const timer = commitTimer;
      let started = 0;
      for (let attempt = 1; ; attempt++) {
        built = buildBatch(all, mapping);
        if (offsets) built.write.offsets = [...offsets].map(([partition, seq]) => ({ partition, seq }));
        derived = planDerived(built.write, built.updates, o.devices, derivedPolicy, now(), everything);
        if (built.write.positions.length === 0 && derived.written.length === 0) return;
        started = timer ? performance.now() : 0;
        try {
          inserted = await o.store.write(built.write);
          break;
        } catch (err) {
          stats.failedBatches += 1;
          // Another process advanced these devices' marks (a scale-mode worker handing a partition
          // over, a second process on one database): this copy of their state is stale. Reload them,
          // which derives what the other process wrote, and write the batch again.
          if (err instanceof DerivedMarkMoved) {
            for (const id of err.deviceIds) {
              const entry = o.devices.loaded(id);
              if (entry) o.devices.forget(entry.number);
            }
            if (attempt < MARK_ATTEMPTS && (await reload(all))) continue;
          }
          lastFailed = true;
          for (const w of taken) w.settle(err instanceof Error ? err : new Error(String(err)), []);
          return;
        }
      }
      const { write, updates, rowOf } = built;
      timer?.((performance.now() - started) / 1000);
      stats.batches += 1;
      for (const u of updates) {
        u.entry.lastTime = u.lastTime;
        u.entry.alarmWord = u.alarms.word;
        u.entry.modelAlarms = u.alarms.model;
        u.entry.track = u.track;
      }
      applyDerived(derived, o.devices, now());
      let offset = 0;
      for (const w of taken) {
        w.settle(inserted, rowOf.slice(offset, offset + w.queued.length));
        offset += w.queued.length;
      }
      o.onCommitted?.(write);
    } finally {
      flushing = null;
      schedule();
    }
  }

  /**
   * Queues the items, whose devices are already looked up (null: none), behind everything queued
   * before them; `done` gets the per-item results once they are committed, or the Error that failed
   * the commit. Synchronous: nothing can be queued between the items of one call.
   */
  function enqueue(items: IncomingPosition[], devices: (DeviceEntry | null)[], t: number, offset: StreamOffset | undefined, done: ResultsCallback): void {
    const results: ItemResult[] = new Array(items.length);
    const queued: Queued[] = [];
    const slots: number[] = [];
    for (let i = 0; i < items.length; i++) {
      const p = items[i]!;
      const reason = rejectionOf(p, t);
      const device = reason ? null : devices[i]!;
      if (reason || !device) {
        results[i] = { status: 'rejected', reason: reason ?? '设备不存在' };
        stats.rejected += 1;
        continue;
      }
      queued.push({ p, device, receivedAt: t });
      slots.push(i);
    }
    if (queued.length === 0) {
      done(results);
      return;
    }
    waiting.push({
      queued,
      settle: (inserted, rows) => {
        if (inserted instanceof Error) {
          done(inserted);
          return;
        }
        // A row shared by two items of one submission counts as stored once, then duplicate.
        const claimed = slots.length > 1 ? new Set<number>() : null;
        for (let j = 0; j < slots.length; j++) {
          const row = rows[j]!;
          const fresh = inserted[row] === true && !claimed?.has(row);
          claimed?.add(row);
          results[slots[j]!] = { status: fresh ? 'stored' : 'duplicate' };
          if (fresh) stats.stored += 1;
          else stats.duplicates += 1;
        }
        done(results);
      },
    });
    waitingCount += queued.length;
    if (offset) {
      waitingOffsets ??= new Map();
      waitingOffsets.set(offset.partition, Math.max(offset.seq, waitingOffsets.get(offset.partition) ?? 0));
    }
    schedule();
  }

  /**
   * Queues the items behind everything queued before them and answers once their devices are looked
   * up, with the per-item results to come once they are committed. A terminal's frames are queued one
   * after another, so they are stored in the order sent, without each waiting for the previous one's
   * commit.
   *
   * `offset` (a scale-mode worker) is where the items came from in the position stream; it is
   * committed in the same transaction as they are. A submission with nothing to store resolves at
   * once and commits no offset: the next stored one of its partition, with a higher seq, covers it.
   */
  async function queue(items: IncomingPosition[], offset?: StreamOffset): Promise<{ results: Promise<ItemResult[]> }> {
    const t = now();
    // A terminal's submission names one device many times: look each up once.
    const known = new Map<string, DeviceEntry | null>();
    const devices: (DeviceEntry | null)[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const number = items[i]!.deviceNumber;
      if (rejectionOf(items[i]!, t)) continue;
      if (!known.has(number)) known.set(number, await o.devices.get(number));
      devices[i] = known.get(number)!;
    }
    const results = new Promise<ItemResult[]>((resolve, reject) =>
      enqueue(items, devices, t, offset, (r) => (r instanceof Error ? reject(r) : resolve(r))),
    );
    return { results };
  }

  /**
   * `queue` without a promise, for the common case of a terminal whose device is already loaded: false
   * (and nothing queued) when a device must first be looked up in the database, then `queue` it.
   */
  function queueNow(items: IncomingPosition[], done: ResultsCallback): boolean {
    const t = now();
    const devices: (DeviceEntry | null)[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const device = o.devices.peek(items[i]!.deviceNumber);
      if (device === undefined) return false;
      devices[i] = device;
    }
    enqueue(items, devices, t, undefined, done);
    return true;
  }

  return {
    stats,

    /** Positions waiting for the next transaction (metrics). */
    depth: () => waitingCount,

    /** Devices whose derived rows wait in memory (metrics). */
    derivedBacklog: () => o.devices.backlogSize(),

    /** Derived rows began waiting outside a batch (devices loaded at start), or the clock moved: write them when due. */
    wake(): void {
      if (derivedTimer) clearTimeout(derivedTimer);
      derivedTimer = null;
      schedule();
    },

    /** From now on each committed batch's transaction time is told here, in seconds (metrics). */
    observeCommits(observe: (seconds: number) => void): void {
      commitTimer = observe;
    },

    /** Stores what it can; answers per item. Rejects only when the database write itself failed. */
    async submit(items: IncomingPosition[], offset?: StreamOffset): Promise<ItemResult[]> {
      return (await queue(items, offset)).results;
    },

    queue,

    queueNow,

    /**
     * Runs `work` with no batch in flight and none starting until it ends: a replay of a device's
     * derived data must not interleave with the live derivation of the same device.
     */
    async exclusive<T>(work: () => Promise<T>): Promise<T> {
      while (flushing) await flushing;
      let release!: () => void;
      flushing = new Promise<void>((r) => (release = r));
      try {
        return await work();
      } finally {
        flushing = null;
        release();
        schedule();
      }
    },

    /** Waits for every submitted position, and every derived row waiting in memory, to be written (shutdown, tests). */
    async drain(): Promise<void> {
      while (flushing) await flushing;
      while (waitingCount > 0 || o.devices.backlogSize() > 0) {
        startFlush(true);
        await flushing;
        if (lastFailed && waitingCount === 0) return;
        while (flushing) await flushing;
      }
    },
  };
}

export type PositionPipeline = ReturnType<typeof createPositionPipeline>;

/**
 * Where a position source hands positions: the pipeline itself, or (a gateway in scale mode) the
 * broker, which answers once the stream has stored them.
 */
export type PositionSink = Pick<PositionPipeline, 'queue' | 'submit'> & Partial<Pick<PositionPipeline, 'queueNow'>>;

/** Per-item results of a submission once committed, or the Error that failed the commit. */
export type ResultsCallback = (results: ItemResult[] | Error) => void;
