import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { SheetLimits } from './sheet-limits.js';
import { openSheet, SheetError, type SheetRow } from './xlsx-read.js';

/** What a sheet worker is started with. */
/** The file in shared memory: its bytes, or the base64 text of them. */
export type SheetWorkerInput = { file: { bytes: Uint8Array; base64: boolean }; limits: SheetLimits };

/** What it answers: the row count once opened, then a batch of rows for each "more", then the end; or why it stopped. */
export type SheetWorkerMessage =
  | { kind: 'opened'; rowCount: number }
  | { kind: 'rows'; rows: SheetRow[] }
  | { kind: 'end' }
  | { kind: 'failed'; message: string; sheetError: boolean };

/** A batch ends at this many rows, or sooner at this many characters of cell text (a row may hold up to a million). */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 2_000_000;

/**
 * Reads one uploaded sheet off the server's event loop (lib/sheet-reader.ts starts it): opens it
 * (shared strings, row count, the archive's limits), then parses the next batch of rows each time the
 * server asks, so it runs at most one batch ahead of the import that consumes them.
 */
function serve(): void {
  lowerPriority();
  const port = parentPort!;
  const { file, limits } = workerData as SheetWorkerInput;
  const fail = (err: unknown) =>
    port.postMessage({ kind: 'failed', message: err instanceof SheetError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err), sheetError: err instanceof SheetError } satisfies SheetWorkerMessage);
  let rows: Generator<SheetRow>;
  try {
    const bytes = file.base64 ? Buffer.from(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length).toString('latin1'), 'base64') : file.bytes;
    const sheet = openSheet(bytes, { limits });
    rows = sheet.rows;
    port.postMessage({ kind: 'opened', rowCount: sheet.rowCount } satisfies SheetWorkerMessage);
  } catch (err) {
    fail(err);
    return;
  }
  port.on('message', () => {
    try {
      const batch: SheetRow[] = [];
      let chars = 0;
      while (batch.length < BATCH_ROWS && chars < BATCH_CHARS) {
        const next = rows.next();
        if (next.done) break;
        batch.push(next.value);
        for (const c of next.value.cells) chars += typeof c === 'string' ? c.length + 8 : 8;
      }
      port.postMessage((batch.length ? { kind: 'rows', rows: batch } : { kind: 'end' }) satisfies SheetWorkerMessage);
    } catch (err) {
      fail(err);
    }
  });
}

/**
 * This thread behind the event loop's in the scheduler (Linux: a thread's nice value is its own), so
 * on a busy machine the parsing takes the CPU the server leaves rather than half of what it needs.
 */
function lowerPriority(): void {
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // Elsewhere the worker keeps the server's priority: it is still off the event loop.
  }
}

serve();
