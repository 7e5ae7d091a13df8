import type { LoanRowError } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { yieldToIo } from '../../engine/core.js';
import { createCustomerGradeRepository } from '../../engine/customer-grade.repository.js';
import { recomputeCustomerGrades } from '../../engine/customer-grade.js';
import type { LoanStagingRepository, StagedLoan } from './loan-import-staging.repository.js';

/**
 * Staged rows published per transaction. Each holds SQLite's one writer for as long as it runs, and
 * the event loop too (SQLite answers synchronously): terminals are acknowledged only between chunks.
 * At 500 rows a transaction took ~25 ms (p50) and acknowledgements' p99 rose by ~120 ms during saving;
 * at 100, ~7 ms (p99 ~45 ms) and +94 ms (issue 33's bound: +100), saving 100,000 rows in ~13 s
 * instead of ~9 (docs/benchmarks.md).
 */
export const PUBLISH_CHUNK = 100;
/**
 * After each chunk's commit the publication waits this long (ms), not just one turn of the event loop:
 * the ingest pipeline flushes positions on a timer, which runs only in a turn where it has fallen due,
 * and the acknowledgements follow the flush. With the wait their p99 rose by 66–72 ms while saving,
 * with one turn by 35–110 ms (docs/benchmarks.md); saving took no longer.
 */
const BREATHE_MS = 2;
/** While an import publishes, the customer lists' cached totals are dropped at most this often (and at its end). */
const CHANGED_EVERY_MS = 2000;

/** The longest write transaction an import has held, ms: the figure issue 33's target is stated in. */
export type WriteClock = { longestMs: number; time<T>(write: () => Promise<T>): Promise<T> };

export function writeClock(longestMs = 0): WriteClock {
  const clock: WriteClock = {
    longestMs,
    async time(write) {
      const started = performance.now();
      try {
        return await write();
      } finally {
        clock.longestMs = Math.max(clock.longestMs, Math.round(performance.now() - started));
      }
    },
  };
  return clock;
}

/** The report of a row whose car another customer registered between its check and its publication. */
export function carTaken(frameField: string): (taken: StagedLoan[]) => LoanRowError[] {
  return (taken) => taken.map((s) => ({ row: s.row, field: frameField, message: `车架号${s.loan.car!.frameNumber}在导入期间已被其他客户登记，贷款和客户已保存，车辆未导入` }));
}

/**
 * Publishes a checked job's staged rows, `PUBLISH_CHUNK` at a time in sheet order, each chunk in its
 * own transaction with the job's counts, so the console's bar moves while it saves and a restart
 * resumes exactly where the last commit left it. The customers a chunk updated are regraded after its
 * commit (grades follow warnings, which an import neither writes nor moves: a crash in between leaves
 * them correct).
 * Answers false when another process turned out to be publishing the job.
 * `afterChunk` (tests) runs after each chunk's commit.
 */
export function createLoanPublication(
  db: Db, staging: LoanStagingRepository, changed: () => void, now: () => number, report: (taken: StagedLoan[]) => LoanRowError[],
  afterChunk?: (jobId: number) => Promise<void>,
) {
  const grades = createCustomerGradeRepository(db);
  return async function publish(jobId: number, clock: WriteClock): Promise<boolean> {
    let told = performance.now();
    try {
      for (;;) {
        const staged = await staging.next(jobId, PUBLISH_CHUNK);
        if (staged.length === 0) return true;
        const applied = await clock.time(() => staging.publish(jobId, staged, now(), report));
        if (applied === null) return false;
        // SQLite answers synchronously: between steps terminals and the console get the event loop.
        await new Promise((resolve) => setTimeout(resolve, BREATHE_MS));
        if (applied.customers.length > 0) {
          await recomputeCustomerGrades(grades, applied.customers, now());
          await yieldToIo();
        }
        if (afterChunk) await afterChunk(jobId);
        if (performance.now() - told > CHANGED_EVERY_MS) {
          changed();
          told = performance.now();
        }
      }
    } finally {
      changed();
    }
  };
}

export type LoanPublication = ReturnType<typeof createLoanPublication>;
