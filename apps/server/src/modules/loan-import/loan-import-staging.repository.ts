import { LOAN_IMPORT_LIMITS as L, type LoanRowError } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { applyChunk, type Applied } from './loan-apply.js';
import type { CheckedLoan } from './loan-row-check.js';

/** A checked loan of a sheet and its row, the row being the key it is staged under. */
export type StagedLoan = { row: number; loan: CheckedLoan };

/** Staged rows deleted per statement when an import is dropped: each delete stays a short write. */
const UNSTAGE_CHUNK = 2000;

/** Thrown inside a publishing transaction to roll it back: another process published these rows. */
class PublishedElsewhere extends Error {}

/**
 * The sheet import's staging table (migration 034) and the job row's counts that move with it. Every
 * write is a short transaction of its own: what is staged is what is left to publish.
 */
export function createLoanStagingRepository(db: Db) {
  return {
    /**
     * A checked chunk's loans, and the job's count of rows checked, in one transaction. Refused (and
     * rolled back) once the job is no longer being checked: another process starting (scale mode)
     * failed it as interrupted and deleted what it had staged.
     */
    async stage(jobId: number, loans: readonly StagedLoan[], checked: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const job = await tx.updateTable('loan_import').set({ processed: checked }).where('id', '=', jobId).where('phase', '=', 'checking').executeTakeFirst();
        if (Number(job.numUpdatedRows) === 0) throw new Error(`loan import ${jobId} is no longer being checked`);
        if (loans.length > 0) {
          await tx.insertInto('loan_import_row').values(loans.map((s) => ({ job_id: jobId, seq: s.row, loan: JSON.stringify(s.loan) }))).execute();
        }
      });
    },

    /** A wholly checked job to phase saving; false when it is no longer being checked (as for `stage`). */
    async startSaving(jobId: number, total: number, longestWriteMs: number): Promise<boolean> {
      const job = await db.updateTable('loan_import').set({ phase: 'saving', total, processed: 0, longest_write_ms: longestWriteMs })
        .where('id', '=', jobId).where('phase', '=', 'checking').executeTakeFirst();
      return Number(job.numUpdatedRows) === 1;
    },

    /** The next `limit` staged loans of the job, in sheet order. */
    async next(jobId: number, limit: number): Promise<StagedLoan[]> {
      const rows = await db.selectFrom('loan_import_row').select(['seq', 'loan']).where('job_id', '=', jobId).orderBy('seq').limit(limit).execute();
      return rows.map((r) => ({ row: r.seq, loan: JSON.parse(r.loan) as CheckedLoan }));
    },

    /**
     * Publishes staged loans (the next ones, in order) in one transaction: into customers, loans and
     * cars, their staged rows deleted, the job's counts moved on, and the rows whose car another
     * customer registered since the check added to its errors (`report` words them). Null when
     * another process had already published them (two started at once resumed the same job).
     */
    async publish(jobId: number, staged: readonly StagedLoan[], now: number, report: (taken: StagedLoan[]) => LoanRowError[]): Promise<Applied | null> {
      try {
        return await db.transaction().execute(async (tx) => {
          // First, so that on PostgreSQL a second publisher of the same rows waits here and then finds them gone.
          const gone = await tx.deleteFrom('loan_import_row').where('job_id', '=', jobId)
            .where('seq', '>=', staged[0]!.row).where('seq', '<=', staged[staged.length - 1]!.row).executeTakeFirst();
          if (Number(gone.numDeletedRows) !== staged.length) throw new PublishedElsewhere();
          const applied = await applyChunk(tx, staged.map((s) => s.loan), now);
          const set: { errors?: string } = {};
          if (applied.taken.length > 0) {
            const job = await tx.selectFrom('loan_import').select('errors').where('id', '=', jobId).executeTakeFirstOrThrow();
            const errors = [...(JSON.parse(job.errors) as LoanRowError[]), ...report(applied.taken.map((i) => staged[i]!))];
            set.errors = JSON.stringify(errors.slice(0, L.maxReportedErrors));
          }
          await tx.updateTable('loan_import').set((eb) => ({
            ...set,
            processed: eb('processed', '+', staged.length),
            created: eb('created', '+', applied.created),
            updated: eb('updated', '+', applied.updated),
            error_count: eb('error_count', '+', applied.taken.length),
          })).where('id', '=', jobId).execute();
          return applied;
        });
      } catch (err) {
        if (err instanceof PublishedElsewhere) return null;
        throw err;
      }
    },

    /** The job's staged rows deleted, `UNSTAGE_CHUNK` at a time; `write` runs (and may time) each delete. */
    async unstage(jobId: number, write: <T>(w: () => Promise<T>) => Promise<T> = (w) => w()): Promise<void> {
      for (;;) {
        const last = await db.selectFrom('loan_import_row').select('seq').where('job_id', '=', jobId).orderBy('seq').offset(UNSTAGE_CHUNK - 1).limit(1).executeTakeFirst();
        const del = db.deleteFrom('loan_import_row').where('job_id', '=', jobId);
        await write(() => (last ? del.where('seq', '<=', last.seq) : del).execute());
        if (!last) return;
      }
    },

    /** How many of the job's rows are published (or, while checking, checked). */
    async processed(jobId: number): Promise<number> {
      return (await db.selectFrom('loan_import').select('processed').where('id', '=', jobId).executeTakeFirstOrThrow()).processed;
    },

    /** Imports a stop left unfinished: reading or checking (nothing published), or saving (part published). */
    interrupted() {
      return db.selectFrom('loan_import').select(['id', 'phase', 'longest_write_ms']).where('phase', 'in', ['reading', 'checking', 'saving']).orderBy('id').execute();
    },
  };
}

export type LoanStagingRepository = ReturnType<typeof createLoanStagingRepository>;
