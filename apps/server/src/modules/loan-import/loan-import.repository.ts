import type { Db } from '../../db/database.js';
import { yieldToIo } from '../../engine/core.js';
import { conflict } from '../../lib/errors.js';
import { inScope, scopeHas, type Scope } from '../../lib/scope.js';
import { nameKey, type Catalogue, type CatalogueBrand } from './car-row-check.js';
import { applyChunk } from './loan-apply.js';
import type { CheckedLoan } from './loan-row-check.js';

const CHUNK = 500;

/** `reader`: where the job is read, a connection the import's write transactions do not hold. */
export function createLoanImportRepository(db: Db, reader: Db = db) {
  return {
    /** The dealers the importer may load loans for, by name. */
    async dealers(scope: Scope): Promise<Map<string, number>> {
      const rows = await db.selectFrom('dept').select(['id', 'name']).where('kind', '=', 'dealer').where((eb) => inScope(eb, 'id', scope)).execute();
      return new Map(rows.map((r) => [r.name, r.id]));
    },

    /** Of these contract numbers, those stored under a department outside the scope. */
    async foreignContracts(scope: Scope, contractNos: string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (let i = 0; i < contractNos.length; i += CHUNK) {
        const rows = await db.selectFrom('loan').select(['contract_no', 'dept_id']).where('contract_no', 'in', contractNos.slice(i, i + CHUNK)).execute();
        for (const r of rows) if (!scopeHas(scope, r.dept_id)) out.add(r.contract_no);
      }
      return out;
    },

    /** The brand catalogue with each brand's models, read once an import. */
    async catalogue(): Promise<Catalogue> {
      const [brands, models] = await Promise.all([
        db.selectFrom('car_brand').select(['id', 'name']).orderBy('id').execute(),
        db.selectFrom('car_model').select(['id', 'brand_id', 'name']).orderBy('id').execute(),
      ]);
      const byId = new Map(brands.map((b) => [b.id, { id: b.id, name: b.name, models: new Map<string, number>(), modelNames: [] as string[] }]));
      for (const m of models) {
        const brand = byId.get(m.brand_id);
        brand?.models.set(nameKey(m.name), m.id);
        brand?.modelNames.push(m.name);
      }
      return new Map<string, CatalogueBrand>([...byId.values()].map((b) => [nameKey(b.name), b]));
    },

    /** Of these frame numbers, the cars stored: their owner (`dealerId|idCard`) when in scope, else null. */
    async knownCars(scope: Scope, frames: string[]): Promise<Map<string, string | null>> {
      const out = new Map<string, string | null>();
      for (let i = 0; i < frames.length; i += CHUNK) {
        const rows = await db.selectFrom('car').innerJoin('customer', 'customer.id', 'car.customer_id')
          .select(['car.frame_number', 'car.dept_id', 'customer.dept_id as owner_dept', 'customer.id_card'])
          .where('car.frame_number', 'in', frames.slice(i, i + CHUNK)).execute();
        for (const r of rows) out.set(r.frame_number, scopeHas(scope, r.dept_id) ? `${r.owner_dept}|${r.id_card}` : null);
      }
      return out;
    },

    /**
     * Every loan in one transaction, all stored or none (the JSON call, up to 5,000 rows): a car
     * registered for another customer since the check stops the whole call.
     */
    async apply(loans: CheckedLoan[], now: number): Promise<{ created: number; updated: number; customers: number[] }> {
      return db.transaction().execute(async (tx) => {
        let created = 0;
        const customers = new Set<number>();
        for (let i = 0; i < loans.length; i += CHUNK) {
          const chunk = loans.slice(i, i + CHUNK);
          const applied = await applyChunk(tx, chunk, now);
          const taken = applied.taken[0];
          if (taken !== undefined) throw conflict(`车架号${chunk[taken]!.car!.frameNumber}在导入期间已被登记，未导入任何数据，请重新导入`);
          created += applied.created;
          for (const c of applied.customers) customers.add(c);
          // Other requests get the event loop between chunks (their queries wait for the transaction).
          await yieldToIo();
        }
        return { created, updated: loans.length - created, customers: [...customers] };
      });
    },

    createJob(job: { dept_id: number; user_id: number; file_name: string; now: number }) {
      return db.insertInto('loan_import').values({ dept_id: job.dept_id, user_id: job.user_id, file_name: job.file_name, phase: 'reading', started_at: job.now })
        .returning('id').executeTakeFirstOrThrow();
    },

    async updateJob(id: number, set: Partial<{ phase: string; total: number; processed: number; created: number; updated: number; error_count: number; errors: string; message: string; finished_at: number; longest_write_ms: number }>) {
      await db.updateTable('loan_import').set(set).where('id', '=', id).execute();
    },

    job(scope: Scope, id: number) {
      return reader.selectFrom('loan_import').selectAll().where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },
  };
}

export type LoanImportRepository = ReturnType<typeof createLoanImportRepository>;
