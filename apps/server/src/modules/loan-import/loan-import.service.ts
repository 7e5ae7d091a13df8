import {
  dayKey, formatTime, LOAN_IMPORT_LIMITS as L, LOAN_SHEET_COLUMNS, LoanJsonImport,
  type LoanImportFile, type LoanImportStatus, type LoanJsonImportResult, type LoanRow, type LoanRowError,
} from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { createCustomerGradeRepository } from '../../engine/customer-grade.repository.js';
import { yieldToIo } from '../../engine/core.js';
import { recomputeCustomerGrades } from '../../engine/customer-grade.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import { parse } from '../../lib/validate.js';
import type { SheetReader, SheetSource, SheetStream, SheetTurn } from '../../lib/sheet-reader.js';
import { SheetError } from '../../lib/xlsx-read.js';
import type { IntegrationKeyCheck, KeyCaller } from '../ingest/integration-key.js';
import type { SessionUser } from '../session/session-user.js';
import type { LoanImportRepository } from './loan-import.repository.js';
import type { LoanStagingRepository, StagedLoan } from './loan-import-staging.repository.js';
import { frameKey } from './car-row-check.js';
import { checkLoanRow, type CheckContext, type CheckedLoan, type FieldNames } from './loan-row-check.js';
import { carTaken, createLoanPublication, writeClock, type WriteClock } from './loan-publication.js';

const SHEET_NAMES = Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, c.header])) as FieldNames;
const JSON_NAMES = Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, c.field])) as FieldNames;
/**
 * Rows checked together; a sheet's checked chunk is staged, and the job's count moved, in one
 * transaction: at 2,000 rows one took up to ~150 ms, at 500 ~5 ms (p99 25–40 ms), and the heap's
 * peak was lower too (docs/benchmarks.md).
 */
const PROGRESS_EVERY = 500;
/**
 * Checking and grading give the event loop back after this long (ms): on SQLite every query answers
 * synchronously, so only these pauses let terminals' acknowledgements and console calls through.
 */
const SLICE_MS = 8;

type Checked = { good: number; errors: LoanRowError[]; errorCount: number };
/** Each checked chunk's good loans, the rows checked so far, and whether any row so far was bad. */
type ChunkSink = (loans: StagedLoan[], checked: number, anyBad: boolean) => Promise<void>;
/** A row to check: where it came from (sheet row, or item number) and its fields as sent. */
type SourceRow = { row: number; raw: Record<string, unknown> };

/** Why an import a restart interrupted before its publication ended as it did. */
const INTERRUPTED = '导入被服务重启中断，未导入任何数据，请重新导入';

/**
 * Loans in (issue 14): every row checked; any bad row and nothing is stored. The sheet runs as a job
 * whose phase and counts the console polls: its checked loans are staged as they are checked and,
 * once every row is good, published `PUBLISH_CHUNK` per transaction (issue 33, loan-publication.ts).
 * The JSON call (up to 5,000 rows) answers at once and stores all in one transaction or none.
 * `changed` after loans are stored: the customer lists' totals count loan states. `sheets` reads the
 * uploaded sheets in worker threads, a few at a time (lib/sheet-reader.ts). `afterChunk` (tests) runs
 * after each published chunk's commit.
 */
export function createLoanImportService(
  db: Db, repo: LoanImportRepository, staging: LoanStagingRepository, keys: IntegrationKeyCheck, changed: () => void, sheets: SheetReader,
  now: () => number = Date.now, afterChunk?: (jobId: number) => Promise<void>,
) {
  const publish = createLoanPublication(db, staging, changed, now, carTaken(SHEET_NAMES.frameNumber), afterChunk);

  /**
   * Every row checked, `PROGRESS_EVERY` at a time: a chunk's contract and frame numbers are looked up
   * together (the dealers and the brand catalogue once), and its good loans handed to `sink`; only the
   * contract and frame numbers seen (for duplicates in the file) and the reported errors are kept.
   */
  async function check(scope: Scope, rows: Iterable<SourceRow> | AsyncIterable<SourceRow>, names: FieldNames, sink: ChunkSink): Promise<Checked> {
    const ctx: CheckContext = {
      dealers: await repo.dealers(scope), foreignContracts: new Set(), seen: new Set(), today: dayKey(now()),
      catalogue: await repo.catalogue(), cars: new Map(), seenFrames: new Map(),
    };
    const out: Checked = { good: 0, errors: [], errorCount: 0 };
    let done = 0;
    const checkChunk = async (chunk: SourceRow[]) => {
      ctx.foreignContracts = await repo.foreignContracts(scope, chunk.map((r) => String(r.raw.contractNo ?? '').trim()).filter(Boolean));
      ctx.cars = await repo.knownCars(scope, chunk.map((r) => frameKey(r.raw.frameNumber)).filter(Boolean));
      const loans: StagedLoan[] = [];
      let since = performance.now();
      for (const r of chunk) {
        if (performance.now() - since > SLICE_MS) {
          await yieldToIo();
          since = performance.now();
        }
        const { loan, errors } = checkLoanRow(r.raw, r.row, ctx, names);
        if (loan) loans.push({ row: r.row, loan });
        else {
          out.errorCount++;
          if (out.errors.length < L.maxReportedErrors) out.errors.push(...errors);
        }
      }
      out.good += loans.length;
      done += chunk.length;
      await sink(loans, done, out.errorCount > 0);
      // SQLite answers synchronously: without a pause here the whole sheet would hold the event loop.
      await yieldToIo();
    };
    let chunk: SourceRow[] = [];
    for await (const r of rows) {
      chunk.push(r);
      if (chunk.length === PROGRESS_EVERY) {
        await checkChunk(chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) await checkChunk(chunk);
    return out;
  }

  /** The JSON call's loans, all in one transaction, then their customers regraded. */
  async function store(loans: CheckedLoan[]) {
    const { customers, ...result } = await repo.apply(loans, now());
    const grades = createCustomerGradeRepository(db);
    for (let i = 0; i < customers.length; i += 1000) {
      await recomputeCustomerGrades(grades, customers.slice(i, i + 1000), now());
      await yieldToIo();
    }
    changed();
    return result;
  }

  /** The sheet's rows as fields, by header text in any order, read as they are checked; an empty row is skipped. */
  async function sheetRows(sheet: SheetStream): Promise<{ total: number; rows: AsyncGenerator<SourceRow> }> {
    const head = await sheet.rows.next();
    if (head.done) throw new SheetError('表格是空的');
    const at = new Map(head.value.cells.map((c, i) => [String(c ?? '').trim(), i]));
    const missing = LOAN_SHEET_COLUMNS.filter((c) => c.required && !at.has(c.header)).map((c) => c.header);
    if (missing.length) throw new SheetError(`表头缺少：${missing.join('、')}（请使用导入模板）`);
    async function* rows(): AsyncGenerator<SourceRow> {
      let n = 0;
      for await (const r of sheet.rows) {
        if (r.cells.every((c) => c === null || String(c).trim() === '')) continue;
        if (++n > L.maxRows) throw new SheetError(`表格超过${L.maxRows}行，请分批导入`);
        yield { row: r.row, raw: Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, at.has(c.header) ? r.cells[at.get(c.header)!] : undefined])) };
      }
    }
    // The total counts blank rows too: it only sizes the progress bar; the report counts what was read.
    return { total: Math.max(0, sheet.rowCount - 1), rows: rows() };
  }

  /** A checked job's staged rows published, then the job done; a failure part-way says how far it got. */
  async function publishJob(id: number, clock: WriteClock): Promise<void> {
    try {
      if (!(await publish(id, clock))) return;
      await repo.updateJob(id, { phase: 'done', finished_at: now(), longest_write_ms: clock.longestMs });
    } catch (err) {
      const saved = await staging.processed(id);
      await staging.unstage(id);
      await repo.updateJob(id, {
        phase: 'failed', finished_at: now(), longest_write_ms: clock.longestMs,
        message: `保存过程中出错：已保存 ${saved} 行，其余未导入。可重新导入该文件，已保存的合同会被更新，不会重复`,
      });
      throw err;
    }
  }

  /**
   * Read and checked while the turn holds its worker, each chunk's good loans staged as long as no row
   * was bad; published after the turn is given back. A rejected or failed sheet's staged rows are deleted.
   */
  async function runSheet(id: number, scope: Scope, content: SheetSource, turn: SheetTurn): Promise<void> {
    const clock = writeClock();
    let checked: Checked;
    try {
      checked = await turn.read(content, async (stream) => {
        const sheet = await sheetRows(stream);
        await repo.updateJob(id, { phase: 'checking', total: sheet.total });
        // Once a row is bad nothing will be published: the rest is only checked, for the report.
        return check(scope, sheet.rows, SHEET_NAMES, (loans, n, anyBad) => clock.time(() => staging.stage(id, anyBad ? [] : loans, n)));
      });
    } catch (err) {
      // A sheet's fault is told; anything else is logged too.
      const told = err instanceof SheetError || err instanceof AppError;
      await staging.unstage(id, clock.time);
      await repo.updateJob(id, { phase: 'failed', message: told ? err.message : '导入失败，未导入任何数据', finished_at: now(), longest_write_ms: clock.longestMs });
      if (!told) throw err;
      return;
    }
    const total = checked.good + checked.errorCount;
    if (checked.errorCount > 0) {
      await staging.unstage(id, clock.time);
      await repo.updateJob(id, { phase: 'rejected', total, processed: total, error_count: checked.errorCount, errors: JSON.stringify(checked.errors), finished_at: now(), longest_write_ms: clock.longestMs });
      return;
    }
    if (await staging.startSaving(id, total, clock.longestMs)) await publishJob(id, clock);
    // Else another process's start failed the job meanwhile: it stays failed, with nothing published.
    else await staging.unstage(id, clock.time);
  }

  function statusOf(j: NonNullable<Awaited<ReturnType<LoanImportRepository['job']>>>): LoanImportStatus {
    return {
      id: j.id, fileName: j.file_name, phase: j.phase as LoanImportStatus['phase'], total: j.total, processed: j.processed, created: j.created, updated: j.updated,
      errorCount: j.error_count, errors: JSON.parse(j.errors) as LoanRowError[], message: j.message,
      startedAt: formatTime(j.started_at), finishedAt: j.finished_at === null ? null : formatTime(j.finished_at),
    };
  }

  return {
    /**
     * At start: an import stopped while read or checked published nothing — it fails, its staged rows
     * deleted; one stopped while saving was wholly checked — its publication resumes (in the
     * background, `onError` for what goes wrong) from the first row still staged.
     */
    async resumeInterrupted(onError: (err: unknown) => void): Promise<void> {
      for (const job of await staging.interrupted()) {
        if (job.phase === 'saving') {
          void publishJob(job.id, writeClock(job.longest_write_ms ?? 0)).catch(onError);
          continue;
        }
        await staging.unstage(job.id);
        await repo.updateJob(job.id, { phase: 'failed', message: INTERRUPTED, finished_at: now() });
      }
    },

    async importFile(user: SessionUser, file: LoanImportFile, onError: (err: unknown) => void): Promise<LoanImportStatus> {
      // Decoded by the worker that reads it; its size is known from the text.
      if (Buffer.byteLength(file.content, 'base64') > L.maxFileBytes) throw badInput(`文件不能超过${L.maxFileBytes / 1024 / 1024}MB`);
      // Its place in the queue of sheets first: when the queue is full the upload is refused (429), no job made.
      const turn = sheets.turn();
      let id: number;
      try {
        ({ id } = await repo.createJob({ dept_id: user.deptId, user_id: user.id, file_name: file.fileName, now: now() }));
      } catch (err) {
        turn.cancel();
        throw err;
      }
      // The work goes on after the reply (waiting its turn in phase "reading"); the console polls the job.
      void runSheet(id, user.scope, { base64: file.content }, turn).catch(onError);
      return statusOf((await repo.job(user.scope, id))!);
    },

    async status(user: SessionUser, id: number): Promise<LoanImportStatus> {
      const job = await repo.job(user.scope, id);
      if (!job) throw notFound('导入任务不存在');
      return statusOf(job);
    },

    /** The key is checked before the body, so a caller without one learns nothing else. */
    async importJson(caller: KeyCaller, body: unknown): Promise<LoanJsonImportResult> {
      const scope = await keys(caller);
      const { loans } = parse(LoanJsonImport, body);
      const rows = loans.map((raw, i) => ({ row: i + 1, raw: (raw && typeof raw === 'object' ? raw : {}) as Partial<LoanRow> as Record<string, unknown> }));
      const good: CheckedLoan[] = [];
      const checked = await check(scope, rows, JSON_NAMES, async (chunk) => {
        for (const s of chunk) good.push(s.loan);
      });
      if (checked.errorCount > 0) {
        const shown = checked.errors.slice(0, 10).map((e) => `第${e.row}条 ${e.field}：${e.message}`).join('；');
        throw badInput(`${shown}${checked.errors.length > 10 ? ' 等' : ''}，共${checked.errorCount}条有误，未导入任何数据`);
      }
      return store(good);
    },
  };
}

export type LoanImportService = ReturnType<typeof createLoanImportService>;
