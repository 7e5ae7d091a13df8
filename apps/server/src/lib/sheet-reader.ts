import type { Worker } from 'node:worker_threads';
import { tooMany } from './errors.js';
import { SheetError, type SheetLimits } from './sheet-limits.js';
import { startWorker } from './start-worker.js';
import type { SheetWorkerInput, SheetWorkerMessage } from './sheet-worker.js';
import type { SheetRow } from './xlsx-read.js';

/** The uploaded file: its bytes, or the base64 text it came in, which the worker decodes (8 MB of it took 30 ms of the event loop). */
export type SheetSource = Uint8Array | { base64: string };

/** Bytes copied into shared memory at a time: fresh pages cost a fault each, ~5 ms a megabyte. */
const COPY_SLICE = 1024 * 1024;

/**
 * The file in memory the worker shares, copied a megabyte per turn of the event loop: cloning 8 MB of
 * text into the worker took 30 ms at once (and decoding it here as many again).
 */
async function shared(file: SheetSource): Promise<SheetWorkerInput['file']> {
  const bytes = file instanceof Uint8Array ? file : null;
  const text = bytes ? '' : (file as { base64: string }).base64;
  const length = bytes ? bytes.length : text.length;
  const view = Buffer.from(new SharedArrayBuffer(length));
  for (let at = 0; at < length; at += COPY_SLICE) {
    if (bytes) view.set(bytes.subarray(at, at + COPY_SLICE), at);
    else view.write(text.slice(at, at + COPY_SLICE), at, 'latin1');
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { bytes: view, base64: !bytes };
}

/** An opened sheet as its reader hands it over: the row count (for progress), then its rows as the worker parses them. */
export type SheetStream = { rowCount: number; rows: AsyncGenerator<SheetRow> };

/** A place in the queue of sheets to read, held from the upload until its sheet has been read (or it is cancelled). */
export type SheetTurn = {
  /** Waits for this turn, then reads `file` in a worker for as long as `use` runs; the worker is gone when it returns. */
  read<T>(file: SheetSource, use: (sheet: SheetStream) => Promise<T>): Promise<T>;
  /** Gives the place up unused (the upload failed before its reading began). */
  cancel(): void;
};

export type SheetReaderOptions = {
  limits: SheetLimits;
  /** Sheets read at once, each in its own worker thread… */
  concurrency: number;
  /** …and how many more may wait their turn; past that, uploads are refused (429). */
  queue: number;
  /** A worker's heap: past it the worker is stopped and the sheet refused. */
  workerMemoryMb: number;
};

export type SheetReader = {
  /** A place in the queue, taken at once; throws a 429 error when the queue is full. */
  turn(): SheetTurn;
  /** Sheets being read and sheets waiting, now. */
  load(): { reading: number; waiting: number };
};

const WORKER_FAILED = '读取表格的后台线程意外退出，未导入任何数据，请重试';

/** The sheet worker, its memory bounded. */
function startSheetWorker(input: SheetWorkerInput, memoryMb: number): Worker {
  return startWorker(import.meta.url, 'sheet-worker', { workerData: input, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
}

/** The worker's messages in order, and its death as the last of them. */
function inbox(worker: Worker, memoryMb: number) {
  const queued: SheetWorkerMessage[] = [];
  let failure: SheetError | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (m: SheetWorkerMessage) => {
    queued.push(m);
    notify();
  });
  worker.on('error', (err: Error & { code?: string }) => {
    failure ??= new SheetError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `读取表格所需内存超过 ${memoryMb} MB，请拆分后再导入` : WORKER_FAILED, { cause: err });
    notify();
  });
  worker.on('exit', () => {
    failure ??= new SheetError(WORKER_FAILED);
    notify();
  });
  return async function next(): Promise<SheetWorkerMessage> {
    for (;;) {
      const m = queued.shift();
      // A sheet's fault is told to the user; anything else is a fault of ours, for the log and a 500.
      if (m?.kind === 'failed') throw m.sheetError ? new SheetError(m.message) : new Error(`sheet worker: ${m.message}`);
      if (m) return m;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
}

/**
 * Uploaded sheets read off the event loop: each in a worker thread (lib/sheet-worker.ts) that parses
 * under `limits` and hands rows over in batches, at most `concurrency` at once per process; the next
 * `queue` wait in order, and beyond them an upload is refused at once, before any work is done for it.
 */
export function createSheetReader(options: SheetReaderOptions): SheetReader {
  let reading = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `reading` counts it without a gap.
    if (next) next();
    else reading -= 1;
  };

  async function readInWorker<T>(file: SheetSource, use: (sheet: SheetStream) => Promise<T>): Promise<T> {
    // Each step a task of its own, the first after the next poll for I/O (from an I/O callback one
    // setImmediate would run before it): what arrived while the upload was parsed is answered first.
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    const worker = startSheetWorker({ file: await shared(file), limits: options.limits }, options.workerMemoryMb);
    const next = inbox(worker, options.workerMemoryMb);
    try {
      const opened = await next();
      if (opened.kind !== 'opened') throw new Error(`sheet worker: ${opened.kind} before opened`);
      worker.postMessage('more');
      async function* rows(): AsyncGenerator<SheetRow> {
        for (;;) {
          const m = await next();
          if (m.kind === 'end') return;
          if (m.kind !== 'rows') throw new Error(`sheet worker: ${m.kind} among rows`);
          // The worker parses the next batch while this one is consumed.
          worker.postMessage('more');
          yield* m.rows;
        }
      }
      return await use({ rowCount: opened.rowCount, rows: rows() });
    } finally {
      void worker.terminate();
    }
  }

  return {
    turn(): SheetTurn {
      let state: 'waiting' | 'granted' | 'done' = 'granted';
      let granted: Promise<void> = Promise.resolve();
      let grant: () => void = () => {};
      if (reading < options.concurrency) reading += 1;
      else if (waiting.length >= options.queue) {
        throw tooMany(`正在读取的表格较多（同时读取 ${options.concurrency} 个，另有 ${options.queue} 个排队），请稍后再导入`);
      } else {
        state = 'waiting';
        granted = new Promise<void>((resolve) => (grant = () => ((state = 'granted'), resolve())));
        waiting.push(grant);
      }
      const done = () => {
        if (state === 'granted') release();
        else if (state === 'waiting') waiting.splice(waiting.indexOf(grant), 1);
        state = 'done';
      };
      return {
        async read(file, use) {
          if (state === 'done') throw new Error('this turn has been used');
          try {
            await granted;
            return await readInWorker(file, use);
          } finally {
            done();
          }
        },
        cancel: done,
      };
    },
    load: () => ({ reading, waiting: waiting.length }),
  };
}

const perApp = new WeakMap<SheetReaderOptions, SheetReader>();

/** The reader of one app's settings: the loan and device-stock imports share its workers and its queue. */
export function sheetReaderFor(options: SheetReaderOptions): SheetReader {
  let reader = perApp.get(options);
  if (!reader) perApp.set(options, (reader = createSheetReader(options)));
  return reader;
}
