import { LOAN_SHEET_COLUMNS, type LoanImportStatus } from '@cvrisk/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { vinCheckDigit } from '../../demo/vehicles.js';
import { sheetReaderFor } from '../../lib/sheet-reader.js';
import { ALL } from '../../lib/scope.js';
import { createTelemetry } from '../../telemetry/telemetry.js';
import { rowXml, sheetOfRows } from '../../test/sheet-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { IntegrationKeyCheck } from '../ingest/integration-key.js';
import type { SessionUser } from '../session/session-user.js';
import { createLoanStagingRepository } from './loan-import-staging.repository.js';
import { createLoanImportRepository } from './loan-import.repository.js';
import { createLoanImportService } from './loan-import.service.js';
import { PUBLISH_CHUNK } from './loan-publication.js';
import { idCheckChar } from './loan-row-check.js';

let t: TestApp;
let user: SessionUser;
let dealerName = '';

/** Valid loans numbered `i` under `prefix` contracts, each with its own customer; `car` adds a frame number. */
function loan(prefix: string, i: number, car = false): Record<string, unknown> {
  const first = `330106${1970 + (i % 30)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(Math.floor(i / 10) % 1000).padStart(3, '0')}`;
  return {
    customerName: `分批客户${i}`, phone: `137${String(i).padStart(8, '0')}`, idCard: first + idCheckChar(first), address: '', dealerName,
    contractNo: `${prefix}${String(i).padStart(6, '0')}`, loanAmount: 90000, termMonths: 24, repaymentDay: 8, startDate: '2025-03-01',
    ...(car ? { frameNumber: vin(i), brandName: '大众', modelName: '朗逸' } : {}),
  };
}
const vin = (n: number) => {
  const draft = `LSVAM4180N3${String(n).padStart(6, '0')}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
};
/** A sheet of these loans from row 2, and `extra` rows after them. */
const sheetOf = (loans: Record<string, unknown>[], extra = '') =>
  sheetOfRows(rowXml(1, LOAN_SHEET_COLUMNS.map((c) => c.header)) + loans.map((l, i) => rowXml(i + 2, LOAN_SHEET_COLUMNS.map((c) => (l[c.field] ?? null) as string | number | null))).join('') + extra)
    .toString('base64');

/**
 * The service as the module builds it, on the test's database, with a count of the loans it stages
 * and `afterChunk` run after each published chunk's commit.
 */
function service(afterChunk?: (jobId: number) => Promise<void>) {
  const staging = createLoanStagingRepository(t.db);
  const counted = { staged: 0 };
  const spy: typeof staging = { ...staging, stage: (id, loans, n) => ((counted.staged += loans.length), staging.stage(id, loans, n)) };
  const keys = (async () => ALL) as unknown as IntegrationKeyCheck;
  const imports = createLoanImportService(t.db, createLoanImportRepository(t.db, t.handle.bulk), spy, keys, () => undefined, sheetReaderFor(t.config.sheetImport), Date.now, afterChunk);
  return { imports, counted };
}

async function follow(imports: ReturnType<typeof service>['imports'], id: number): Promise<LoanImportStatus> {
  for (;;) {
    const status = await imports.status(user, id);
    if (!['reading', 'checking', 'saving'].includes(status.phase)) return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const count = async (prefix: string) => Number((await t.db.selectFrom('loan').select((eb) => eb.fn.countAll<number>().as('n')).where('contract_no', 'like', `${prefix}%`).executeTakeFirstOrThrow()).n);
const distinct = async (prefix: string) =>
  Number((await t.db.selectFrom('loan').select((eb) => eb.fn.count<number>('contract_no').distinct().as('n')).where('contract_no', 'like', `${prefix}%`).executeTakeFirstOrThrow()).n);
const staged = async (jobId: number) =>
  Number((await t.db.selectFrom('loan_import_row').select((eb) => eb.fn.countAll<number>().as('n')).where('job_id', '=', jobId).executeTakeFirstOrThrow()).n);
const failOnError = (err: unknown) => {
  throw err;
};

beforeAll(async () => {
  t = await createTestApp();
  const finance = await t.db.selectFrom('app_user').select(['id', 'dept_id']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  user = { id: finance.id, deptId: finance.dept_id, scope: ALL } as SessionUser;
  dealerName = (await t.db.selectFrom('app_user').innerJoin('dept', 'dept.id', 'app_user.dept_id').select('dept.name').where('username', '=', 'dealer1').executeTakeFirstOrThrow()).name;
});
afterAll(() => t.close());

describe('a loan sheet staged as it is checked, then published in short transactions', () => {
  it('publishes a good sheet wholly, its saved count moving chunk by chunk, and leaves nothing staged', async () => {
    const seen: number[] = [];
    const { imports, counted } = service(async (id) => {
      const s = await imports.status(user, id);
      seen.push(s.processed);
      expect(s.phase).toBe('saving');
    });
    const started = await imports.importFile(user, { fileName: '贷款.xlsx', content: sheetOf(Array.from({ length: 1_200 }, (_, i) => loan('STG', i))) }, failOnError);
    const done = await follow(imports, started.id);
    expect(done).toMatchObject({ phase: 'done', total: 1_200, processed: 1_200, created: 1_200, updated: 0, errorCount: 0, errors: [] });
    // The console's bar reads this count: it moves with each committed chunk.
    expect(seen).toEqual(Array.from({ length: Math.ceil(1_200 / PUBLISH_CHUNK) }, (_, i) => Math.min(1_200, (i + 1) * PUBLISH_CHUNK)));
    expect(counted.staged).toBe(1_200);
    expect(await staged(started.id)).toBe(0);
    expect(await count('STG')).toBe(1_200);
    const job = await t.db.selectFrom('loan_import').select('longest_write_ms').where('id', '=', started.id).executeTakeFirstOrThrow();
    expect(job.longest_write_ms).toEqual(expect.any(Number));
  });

  it('rejects a sheet with a bad row after good chunks: what it staged is deleted and nothing stored', async () => {
    const { imports, counted } = service();
    const good = Array.from({ length: 2_500 }, (_, i) => loan('STB', i));
    const bad = rowXml(2_502, LOAN_SHEET_COLUMNS.map((c) => (c.field === 'phone' ? '12345' : ((loan('STB', 9_999)[c.field] ?? null) as string | number | null))));
    const started = await imports.importFile(user, { fileName: '贷款.xlsx', content: sheetOf(good, bad) }, failOnError);
    const rejected = await follow(imports, started.id);
    expect(rejected).toMatchObject({ phase: 'rejected', total: 2_501, errorCount: 1, errors: [{ row: 2_502, field: '手机号', message: '手机号应为11位手机号码' }] });
    // The good rows were staged as they were checked, before the bad one was met.
    expect(counted.staged).toBe(2_500);
    expect(await staged(started.id)).toBe(0);
    expect(await count('STB')).toBe(0);
  });

  it('resumes at start a publication a stop interrupted, storing every loan exactly once', async () => {
    let stopped!: () => void;
    const atStop = new Promise<void>((resolve) => (stopped = resolve));
    let chunks = 0;
    // The process "stops" after its second chunk's commit: it never goes on.
    const { imports } = service(async () => {
      if (++chunks < 2) return;
      stopped();
      await new Promise(() => undefined);
    });
    const started = await imports.importFile(user, { fileName: '贷款.xlsx', content: sheetOf(Array.from({ length: 1_200 }, (_, i) => loan('STR', i))) }, failOnError);
    await atStop;
    const published = 2 * PUBLISH_CHUNK;
    expect(await imports.status(user, started.id)).toMatchObject({ phase: 'saving', processed: published, created: published });
    expect([await count('STR'), await staged(started.id)]).toEqual([published, 1_200 - published]);

    // A server started on the same database finds the job saving and publishes the rest.
    const telemetry = createTelemetry(t.handle);
    const restarted = await buildApp({ db: t.handle.db, bulk: t.handle.bulk, telemetry, config: t.config, logger: pino({ level: 'silent' }), loginSlowDownMs: 0 });
    try {
      await restarted.ready();
      const done = await follow(imports, started.id);
      expect(done).toMatchObject({ phase: 'done', total: 1_200, processed: 1_200, created: 1_200, updated: 0, errorCount: 0 });
      expect([await count('STR'), await distinct('STR'), await staged(started.id)]).toEqual([1_200, 1_200, 0]);
    } finally {
      await restarted.close();
      await telemetry.pipeline.drain();
      telemetry.lateFixes.stop();
    }
  });

  it("saves a row whose car another customer registered meanwhile without the car, and lists it in the finished job's errors", async () => {
    const rows = Array.from({ length: 600 }, (_, i) => loan('STC', i, true));
    const other = await t.db.selectFrom('customer').select(['id', 'dept_id']).where('id_card', 'not like', '3301061%').orderBy('id').executeTakeFirstOrThrow();
    const model = await t.db.selectFrom('car_model').select(['id', 'brand_id']).orderBy('id').executeTakeFirstOrThrow();
    // Between the check and the publication of row 552 (loan 550), its frame number is registered for someone else.
    const { imports } = service(async (id) => {
      const { processed } = await imports.status(user, id);
      if (processed > 550 || processed + PUBLISH_CHUNK <= 550) return;
      await t.db.insertInto('car').values({
        dept_id: other.dept_id, customer_id: other.id, brand_id: model.brand_id, model_id: model.id, frame_number: vin(550), plate_number: '浙A55055',
        color: '', region_province: '', region_city: '', created_at: Date.now(),
      }).execute();
    });
    const started = await imports.importFile(user, { fileName: '贷款.xlsx', content: sheetOf(rows) }, failOnError);
    const done = await follow(imports, started.id);
    expect(done).toMatchObject({
      phase: 'done', total: 600, processed: 600, created: 600, errorCount: 1,
      errors: [{ row: 552, field: '车架号', message: `车架号${vin(550)}在导入期间已被其他客户登记，贷款和客户已保存，车辆未导入` }],
    });
    const car = await t.db.selectFrom('car').select(['customer_id', 'plate_number']).where('frame_number', '=', vin(550)).executeTakeFirstOrThrow();
    expect(car).toEqual({ customer_id: other.id, plate_number: '浙A55055' });
    const saved = await t.db.selectFrom('loan').innerJoin('customer', 'customer.id', 'loan.customer_id').select('customer.name').where('contract_no', '=', 'STC000550').executeTakeFirstOrThrow();
    expect(saved.name).toBe('分批客户550');
    // Every other row's car is registered with its customer.
    const cars = await t.db.selectFrom('car').select((eb) => eb.fn.countAll<number>().as('n')).where('frame_number', 'like', 'LSVAM418_N3%').executeTakeFirstOrThrow();
    expect(Number(cars.n)).toBe(600);
  });
});

describe('the staging repository beside another process (scale mode)', () => {
  /** A sheet job in `phase`, as another process left it. */
  const job = async (phase: string) => {
    const { id } = await createLoanImportRepository(t.db).createJob({ dept_id: user.deptId, user_id: user.id, file_name: 'x.xlsx', now: Date.now() });
    await t.db.updateTable('loan_import').set({ phase }).where('id', '=', id).execute();
    return id;
  };
  /** Loan `i` as checking leaves it, under the importer's own department. */
  const checkedLoan = (i: number) => {
    const l = loan('STP', i);
    return {
      row: i + 2,
      loan: {
        customerName: String(l.customerName), phone: String(l.phone), idCard: String(l.idCard), address: '', dealerId: user.deptId, contractNo: String(l.contractNo),
        amountCents: 9_000_000, termMonths: 24, repaymentDay: 8, startDay: 20250301, overdueDays: 0, overdueAmountCents: 0, status: 'normal' as const, car: null,
      },
    };
  };

  it('stages nothing for a job another process failed while it was checked, and will not start saving it', async () => {
    const staging = createLoanStagingRepository(t.db);
    const id = await job('failed');
    await expect(staging.stage(id, [checkedLoan(1)], 1)).rejects.toThrow('no longer being checked');
    expect(await staged(id)).toBe(0);
    expect(await staging.startSaving(id, 1, 0)).toBe(false);
    expect((await t.db.selectFrom('loan_import').select('phase').where('id', '=', id).executeTakeFirstOrThrow()).phase).toBe('failed');
  });

  it('publishes a chunk once when two processes resume the same job', async () => {
    const staging = createLoanStagingRepository(t.db);
    const id = await job('checking');
    const rows = [checkedLoan(1), checkedLoan(2)];
    await staging.stage(id, rows, 2);
    expect(await staging.startSaving(id, 2, 0)).toBe(true);
    const report = () => [];
    // Either may win on PostgreSQL, whichever's delete reaches the staged rows first: one publishes, the other gives up.
    const both = await Promise.all([staging.publish(id, rows, Date.now(), report), staging.publish(id, rows, Date.now(), report)]);
    expect(both.filter((r) => r === null)).toHaveLength(1);
    expect(both.find((r) => r !== null)?.created).toBe(2);
    expect(await count('STP')).toBe(2);
    expect((await t.db.selectFrom('loan_import').select(['processed', 'created']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ processed: 2, created: 2 });
  });
});
