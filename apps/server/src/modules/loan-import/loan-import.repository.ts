import type { Db } from '../../db/database.js';
import { yieldToIo } from '../../engine/core.js';
import { conflict } from '../../lib/errors.js';
import { inScope, scopeHas, type Scope } from '../../lib/scope.js';
import { nameKey, type Catalogue, type CatalogueBrand } from './car-row-check.js';
import type { CheckedLoan } from './loan-row-check.js';

const CHUNK = 500;
type Tx = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable'>;

/**
 * The cars of a chunk's loans, each under its row's dealer and customer: new ones inserted with the
 * dealer's province and city as the region the car must stay in; stored ones (the checks found them
 * with this customer) get the row's brand and model, and its plate and colour when given.
 */
async function applyCars(tx: Tx, loans: CheckedLoan[], customerOf: ReadonlyMap<string, number>, now: number): Promise<void> {
  const withCar = loans.filter((l) => l.car !== null);
  if (withCar.length === 0) return;
  const stored = await tx.selectFrom('car').select(['id', 'frame_number', 'customer_id']).where('frame_number', 'in', withCar.map((l) => l.car!.frameNumber)).execute();
  const carOf = new Map(stored.map((c) => [c.frame_number, c]));
  // One insert per new car, as the last of its rows in the chunk says.
  const fresh = new Map<string, { l: CheckedLoan; customerId: number }>();
  for (const l of withCar) {
    const car = l.car!;
    const customerId = customerOf.get(`${l.dealerId}|${l.idCard}`)!;
    const known = carOf.get(car.frameNumber);
    if (known === undefined) {
      fresh.set(car.frameNumber, { l, customerId });
      continue;
    }
    // Checked before the transaction: one registered since for another customer stops the whole import.
    if (known.customer_id !== customerId) throw conflict(`车架号${car.frameNumber}在导入期间已被登记，未导入任何数据，请重新导入`);
    await tx.updateTable('car')
      .set({ brand_id: car.brandId, model_id: car.modelId, ...(car.plateNumber ? { plate_number: car.plateNumber } : {}), ...(car.color ? { color: car.color } : {}) })
      .where('id', '=', known.id).execute();
  }
  if (fresh.size === 0) return;
  const dealers = await tx.selectFrom('dept').select(['id', 'province', 'city']).where('id', 'in', [...new Set([...fresh.values()].map((f) => f.l.dealerId))]).execute();
  const regionOf = new Map(dealers.map((d) => [d.id, d]));
  await tx.insertInto('car').values([...fresh.values()].map(({ l, customerId }) => ({
    dept_id: l.dealerId, customer_id: customerId, brand_id: l.car!.brandId, model_id: l.car!.modelId, frame_number: l.car!.frameNumber,
    plate_number: l.car!.plateNumber, color: l.car!.color,
    // A dealer without a province leaves the region empty: the left-region rule then skips the car.
    region_province: regionOf.get(l.dealerId)?.province ?? '', region_city: regionOf.get(l.dealerId)?.city ?? '', created_at: now,
  }))).execute();
}

/** `reader`: where the job is read, a connection the import's one long write transaction does not hold. */
export function createLoanImportRepository(db: Db, reader: Db = db) {
  /**
   * One chunk of loans: customers found by identity number within their dealer, loans by contract
   * number. New customers and new loans go in with one statement each; what exists is updated row by row.
   */
  async function applyChunk(tx: Tx, loans: CheckedLoan[], now: number): Promise<{ created: number; updated: number }> {
    const customers = await tx.selectFrom('customer').select(['id', 'dept_id', 'id_card'])
      .where('id_card', 'in', [...new Set(loans.map((l) => l.idCard))]).execute();
    const customerOf = new Map(customers.map((c) => [`${c.dept_id}|${c.id_card}`, c.id]));
    const stored = await tx.selectFrom('loan').select(['id', 'contract_no']).where('contract_no', 'in', loans.map((l) => l.contractNo)).execute();
    const loanOf = new Map(stored.map((l) => [l.contract_no, l.id]));
    // A customer new to the database, once, as the last of their rows in the chunk says.
    const fresh = new Map<string, CheckedLoan>();
    for (const l of loans) if (!customerOf.has(`${l.dealerId}|${l.idCard}`)) fresh.set(`${l.dealerId}|${l.idCard}`, l);
    if (fresh.size > 0) {
      const made = await tx.insertInto('customer')
        .values([...fresh.values()].map((l) => ({
          dept_id: l.dealerId, name: l.customerName, phone: l.phone, id_card: l.idCard, address: l.address, grade: 'general', fraud_flag: 0, created_at: now,
        })))
        .returning(['id', 'dept_id', 'id_card']).execute();
      // RETURNING gives no order: match by the key.
      for (const c of made) customerOf.set(`${c.dept_id}|${c.id_card}`, c.id);
    }
    const added = [];
    for (const l of loans) {
      const key = `${l.dealerId}|${l.idCard}`;
      const customerId = customerOf.get(key)!;
      if (!fresh.has(key)) {
        await tx.updateTable('customer').set({ name: l.customerName, phone: l.phone, ...(l.address ? { address: l.address } : {}) }).where('id', '=', customerId).execute();
      }
      const values = {
        customer_id: customerId, dept_id: l.dealerId, amount_cents: l.amountCents, term_months: l.termMonths, repayment_day: l.repaymentDay,
        overdue_days: l.overdueDays, status: l.status, start_day: l.startDay, overdue_amount_cents: l.overdueAmountCents, updated_at: now,
      };
      const loanId = loanOf.get(l.contractNo);
      if (loanId === undefined) added.push({ ...values, contract_no: l.contractNo });
      else await tx.updateTable('loan').set(values).where('id', '=', loanId).execute();
    }
    if (added.length > 0) await tx.insertInto('loan').values(added).execute();
    await applyCars(tx, loans, customerOf, now);
    return { created: added.length, updated: loans.length - added.length };
  }

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

    /** Every loan in one transaction: all stored, or none. `progress` after each chunk. */
    async apply(loans: CheckedLoan[], now: number, progress: (done: number) => Promise<void> | void) {
      return db.transaction().execute(async (tx) => {
        let created = 0;
        for (let i = 0; i < loans.length; i += CHUNK) {
          created += (await applyChunk(tx, loans.slice(i, i + CHUNK), now)).created;
          await progress(Math.min(loans.length, i + CHUNK));
          // Other requests get the event loop between chunks (their queries wait for the transaction).
          await yieldToIo();
        }
        return { created, updated: loans.length - created };
      });
    },

    customerIdsOf(contractNos: string[]) {
      return db.selectFrom('loan').select('customer_id').where('contract_no', 'in', contractNos).execute();
    },

    createJob(job: { dept_id: number; user_id: number; file_name: string; now: number }) {
      return db.insertInto('loan_import').values({ dept_id: job.dept_id, user_id: job.user_id, file_name: job.file_name, phase: 'reading', started_at: job.now })
        .returning('id').executeTakeFirstOrThrow();
    },

    async updateJob(id: number, set: Partial<{ phase: string; total: number; processed: number; created: number; updated: number; error_count: number; errors: string; message: string; finished_at: number }>) {
      await db.updateTable('loan_import').set(set).where('id', '=', id).execute();
    },

    job(scope: Scope, id: number) {
      return reader.selectFrom('loan_import').selectAll().where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    /** Imports a crash interrupted: their one write transaction never committed. */
    async failInterrupted(now: number): Promise<void> {
      await db.updateTable('loan_import').set({ phase: 'failed', message: '导入被服务重启中断，未导入任何数据，请重新导入', finished_at: now })
        .where('phase', 'in', ['reading', 'checking', 'saving']).execute();
    },
  };
}

export type LoanImportRepository = ReturnType<typeof createLoanImportRepository>;
