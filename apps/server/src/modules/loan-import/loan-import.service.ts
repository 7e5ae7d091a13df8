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
import { frameKey } from './car-row-check.js';
import { checkLoanRow, type CheckContext, type CheckedLoan, type FieldNames } from './loan-row-check.js';

const SHEET_NAMES = Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, c.header])) as FieldNames;
const JSON_NAMES = Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, c.field])) as FieldNames;
/** The job row is written at most this often while a sheet is checked or saved. */
const PROGRESS_EVERY = 2000;
/**
 * Checking and grading give the event loop back after this long (ms): on SQLite every query answers
 * synchronously, so only these pauses let terminals' acknowledgements and console calls through.
 */
const SLICE_MS = 8;

type Checked = { loans: CheckedLoan[]; errors: LoanRowError[]; errorCount: number };
/** A row to check: where it came from (sheet row, or item number) and its fields as sent. */
type SourceRow = { row: number; raw: Record<string, unknown> };

/**
 * Loans in (issue 14): every row checked, then all of them stored in one transaction or none. The
 * sheet runs as a job whose phase and counts the console polls; the JSON call answers at once.
 */
/**
 * `changed` after loans are stored: the customer lists' totals count loan states. `sheets` reads the
 * uploaded sheets in worker threads, a few at a time (lib/sheet-reader.ts).
 */
export function createLoanImportService(
  db: Db, repo: LoanImportRepository, keys: IntegrationKeyCheck, changed: () => void, sheets: SheetReader, now: () => number = Date.now,
) {
  /**
   * Every row checked, `PROGRESS_EVERY` at a time: a chunk's contract and frame numbers are looked up
   * together (the dealers and the brand catalogue once), and only the checked loans are kept, not the
   * rows they were read from.
   */
  async function check(scope: Scope, rows: Iterable<SourceRow> | AsyncIterable<SourceRow>, names: FieldNames, onProgress?: (n: number) => Promise<void>): Promise<Checked> {
    const ctx: CheckContext = {
      dealers: await repo.dealers(scope), foreignContracts: new Set(), seen: new Set(), today: dayKey(now()),
      catalogue: await repo.catalogue(), cars: new Map(), seenFrames: new Map(),
    };
    const out: Checked = { loans: [], errors: [], errorCount: 0 };
    let done = 0;
    const checkChunk = async (chunk: SourceRow[]) => {
      ctx.foreignContracts = await repo.foreignContracts(scope, chunk.map((r) => String(r.raw.contractNo ?? '').trim()).filter(Boolean));
      ctx.cars = await repo.knownCars(scope, chunk.map((r) => frameKey(r.raw.frameNumber)).filter(Boolean));
      let since = performance.now();
      for (const r of chunk) {
        if (performance.now() - since > SLICE_MS) {
          await yieldToIo();
          since = performance.now();
        }
        const { loan, errors } = checkLoanRow(r.raw, r.row, ctx, names);
        if (loan) out.loans.push(loan);
        else {
          out.errorCount++;
          if (out.errors.length < L.maxReportedErrors) out.errors.push(...errors);
        }
      }
      done += chunk.length;
      if (onProgress) await onProgress(done);
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

  async function store(loans: CheckedLoan[], progress: (done: number) => Promise<void> | void) {
    const result = await repo.apply(loans, now(), progress);
    // Grades and unhandled counts for every customer touched (new ones start general, with none).
    const touched = new Set<number>();
    for (let i = 0; i < loans.length; i += 500) {
      for (const r of await repo.customerIdsOf(loans.slice(i, i + 500).map((l) => l.contractNo))) touched.add(r.customer_id);
      await yieldToIo();
    }
    const grades = createCustomerGradeRepository(db);
    const customers = [...touched];
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

  /** Read and checked while the turn holds its worker; stored after it is given back. */
  async function runSheet(id: number, scope: Scope, content: SheetSource, turn: SheetTurn): Promise<void> {
    try {
      const checked = await turn.read(content, async (stream) => {
        const sheet = await sheetRows(stream);
        await repo.updateJob(id, { phase: 'checking', total: sheet.total });
        return check(scope, sheet.rows, SHEET_NAMES, (n) => repo.updateJob(id, { processed: n }));
      });
      const total = checked.loans.length + checked.errorCount;
      if (checked.errorCount > 0) {
        await repo.updateJob(id, { phase: 'rejected', total, processed: total, error_count: checked.errorCount, errors: JSON.stringify(checked.errors), finished_at: now() });
        return;
      }
      await repo.updateJob(id, { phase: 'saving', processed: 0 });
      const r = await store(checked.loans, () => undefined);
      await repo.updateJob(id, { phase: 'done', total, processed: total, created: r.created, updated: r.updated, finished_at: now() });
    } catch (err) {
      // A sheet's fault, or a car registered by someone else while this import checked (AppError), is told.
      const told = err instanceof SheetError || err instanceof AppError;
      await repo.updateJob(id, { phase: 'failed', message: told ? err.message : '导入失败，未导入任何数据', finished_at: now() });
      if (!told) throw err;
    }
  }

  function statusOf(j: NonNullable<Awaited<ReturnType<LoanImportRepository['job']>>>): LoanImportStatus {
    return {
      id: j.id, fileName: j.file_name, phase: j.phase as LoanImportStatus['phase'], total: j.total, processed: j.processed, created: j.created, updated: j.updated,
      errorCount: j.error_count, errors: JSON.parse(j.errors) as LoanRowError[], message: j.message,
      startedAt: formatTime(j.started_at), finishedAt: j.finished_at === null ? null : formatTime(j.finished_at),
    };
  }

  return {
    failInterrupted: () => repo.failInterrupted(now()),

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
      const checked = await check(scope, rows, JSON_NAMES);
      if (checked.errorCount > 0) {
        const shown = checked.errors.slice(0, 10).map((e) => `第${e.row}条 ${e.field}：${e.message}`).join('；');
        throw badInput(`${shown}${checked.errors.length > 10 ? ' 等' : ''}，共${checked.errorCount}条有误，未导入任何数据`);
      }
      return store(checked.loans, () => undefined);
    },
  };
}

export type LoanImportService = ReturnType<typeof createLoanImportService>;
