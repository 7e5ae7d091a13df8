import {
  dayKey, formatTime, LOAN_IMPORT_LIMITS as L, LOAN_SHEET_COLUMNS, LoanJsonImport,
  type LoanImportFile, type LoanImportStatus, type LoanJsonImportResult, type LoanRow, type LoanRowError,
} from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { createCustomerGradeRepository } from '../../engine/customer-grade.repository.js';
import { recomputeCustomerGrades } from '../../engine/customer-grade.js';
import { badInput, notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import { parse } from '../../lib/validate.js';
import { readSheet, SheetError } from '../../lib/xlsx-read.js';
import type { IngestRepository } from '../ingest/ingest.repository.js';
import { integrationScope } from '../ingest/integration-key.js';
import type { SessionUser } from '../session/session-user.js';
import type { LoanImportRepository } from './loan-import.repository.js';
import { checkLoanRow, type CheckedLoan, type FieldNames } from './loan-row-check.js';

const SHEET_NAMES = Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, c.header])) as FieldNames;
const JSON_NAMES = Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, c.field])) as FieldNames;
/** The job row is written at most this often while a sheet is checked or saved. */
const PROGRESS_EVERY = 2000;

type Checked = { loans: CheckedLoan[]; errors: LoanRowError[]; errorCount: number };

/**
 * Loans in (issue 14): every row checked, then all of them stored in one transaction or none. The
 * sheet runs as a job whose phase and counts the console polls; the JSON call answers at once.
 */
export function createLoanImportService(db: Db, repo: LoanImportRepository, keys: Pick<IngestRepository, 'findIntegration' | 'subtreeDeptIds'>, now: () => number = Date.now) {
  async function check(scope: Scope, rows: { row: number; raw: Record<string, unknown> }[], names: FieldNames, onProgress?: (n: number) => Promise<void>): Promise<Checked> {
    const contracts = rows.map((r) => String(r.raw.contractNo ?? '').trim()).filter(Boolean);
    const ctx = { dealers: await repo.dealers(scope), foreignContracts: await repo.foreignContracts(scope, contracts), seen: new Set<string>(), today: dayKey(now()) };
    const out: Checked = { loans: [], errors: [], errorCount: 0 };
    for (const [i, r] of rows.entries()) {
      const { loan, errors } = checkLoanRow(r.raw, r.row, ctx, names);
      if (loan) out.loans.push(loan);
      else {
        out.errorCount++;
        if (out.errors.length < L.maxReportedErrors) out.errors.push(...errors);
      }
      if (onProgress && (i + 1) % PROGRESS_EVERY === 0) await onProgress(i + 1);
    }
    return out;
  }

  async function store(loans: CheckedLoan[], progress: (done: number) => Promise<void> | void) {
    const result = await repo.apply(loans, now(), progress);
    // Grades and unhandled counts for every customer touched (new ones start general, with none).
    const customers = [];
    for (let i = 0; i < loans.length; i += 500) customers.push(...(await repo.customerIdsOf(loans.slice(i, i + 500).map((l) => l.contractNo))).map((r) => r.customer_id));
    await recomputeCustomerGrades(createCustomerGradeRepository(db), customers, now());
    return result;
  }

  /** The sheet's rows as fields, by header text in any order; an empty row is skipped. */
  function sheetRows(content: Buffer): { row: number; raw: Record<string, unknown> }[] {
    const rows = readSheet(content);
    const head = rows.next();
    if (head.done) throw new SheetError('表格是空的');
    const at = new Map(head.value.cells.map((c, i) => [String(c ?? '').trim(), i]));
    const missing = LOAN_SHEET_COLUMNS.filter((c) => c.required && !at.has(c.header)).map((c) => c.header);
    if (missing.length) throw new SheetError(`表头缺少：${missing.join('、')}（请使用导入模板）`);
    const out: { row: number; raw: Record<string, unknown> }[] = [];
    for (const r of rows) {
      if (r.cells.every((c) => c === null || String(c).trim() === '')) continue;
      if (out.length >= L.maxRows) throw new SheetError(`表格超过${L.maxRows}行，请分批导入`);
      out.push({ row: r.row, raw: Object.fromEntries(LOAN_SHEET_COLUMNS.map((c) => [c.field, at.has(c.header) ? r.cells[at.get(c.header)!] : undefined])) });
    }
    return out;
  }

  async function runSheet(id: number, scope: Scope, content: Buffer): Promise<void> {
    try {
      const rows = sheetRows(content);
      await repo.updateJob(id, { phase: 'checking', total: rows.length });
      const checked = await check(scope, rows, SHEET_NAMES, (n) => repo.updateJob(id, { processed: n }));
      if (checked.errorCount > 0) {
        await repo.updateJob(id, { phase: 'rejected', processed: rows.length, error_count: checked.errorCount, errors: JSON.stringify(checked.errors), finished_at: now() });
        return;
      }
      await repo.updateJob(id, { phase: 'saving', processed: 0 });
      const r = await store(checked.loans, () => undefined);
      await repo.updateJob(id, { phase: 'done', processed: rows.length, created: r.created, updated: r.updated, finished_at: now() });
    } catch (err) {
      const message = err instanceof SheetError ? err.message : '导入失败，未导入任何数据';
      await repo.updateJob(id, { phase: 'failed', message, finished_at: now() });
      if (!(err instanceof SheetError)) throw err;
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
      const content = Buffer.from(file.content, 'base64');
      if (content.length > L.maxFileBytes) throw badInput('文件不能超过8MB');
      const { id } = await repo.createJob({ dept_id: user.deptId, user_id: user.id, file_name: file.fileName, now: now() });
      // The work goes on after the reply; the console polls the job.
      void runSheet(id, user.scope, content).catch(onError);
      return statusOf((await repo.job(user.scope, id))!);
    },

    async status(user: SessionUser, id: number): Promise<LoanImportStatus> {
      const job = await repo.job(user.scope, id);
      if (!job) throw notFound('导入任务不存在');
      return statusOf(job);
    },

    /** The key is checked before the body, so a caller without one learns nothing else. */
    async importJson(key: string | undefined, body: unknown): Promise<LoanJsonImportResult> {
      const scope = await integrationScope(keys, key);
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
