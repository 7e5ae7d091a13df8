import type { Db } from '../../db/database.js';
import type { CheckedLoan } from './loan-row-check.js';

export type Tx = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom'>;

/**
 * What one chunk did: loans created and updated, the customers stored before it that it touched (to
 * regrade: a customer it created starts general with no warnings, so has nothing to regrade), and
 * the indexes of the loans whose car another customer registered after the check (their cars left out).
 */
export type Applied = { created: number; updated: number; customers: number[]; taken: number[] };

/**
 * The cars of a chunk's loans, each under its row's dealer and customer: new ones inserted with the
 * dealer's province and city as the region the car must stay in; stored ones (the checks found them
 * with this customer) get the row's brand and model, and its plate and colour when given. A car that
 * is now another customer's (registered since the check) is left alone and its loan's index answered.
 */
async function applyCars(tx: Tx, loans: readonly CheckedLoan[], customerOf: ReadonlyMap<string, number>, now: number): Promise<number[]> {
  const withCar = loans.flatMap((l, i) => (l.car === null ? [] : [{ l, i }]));
  if (withCar.length === 0) return [];
  const stored = await tx.selectFrom('car').select(['id', 'frame_number', 'customer_id']).where('frame_number', 'in', withCar.map(({ l }) => l.car!.frameNumber)).execute();
  const carOf = new Map(stored.map((c) => [c.frame_number, c]));
  const taken: number[] = [];
  // One insert per new car, as the last of its rows in the chunk says.
  const fresh = new Map<string, { l: CheckedLoan; customerId: number }>();
  for (const { l, i } of withCar) {
    const car = l.car!;
    const customerId = customerOf.get(`${l.dealerId}|${l.idCard}`)!;
    const known = carOf.get(car.frameNumber);
    if (known === undefined) {
      fresh.set(car.frameNumber, { l, customerId });
      continue;
    }
    if (known.customer_id !== customerId) {
      taken.push(i);
      continue;
    }
    await tx.updateTable('car')
      .set({ brand_id: car.brandId, model_id: car.modelId, ...(car.plateNumber ? { plate_number: car.plateNumber } : {}), ...(car.color ? { color: car.color } : {}) })
      .where('id', '=', known.id).execute();
  }
  if (fresh.size === 0) return taken;
  const dealers = await tx.selectFrom('dept').select(['id', 'province', 'city']).where('id', 'in', [...new Set([...fresh.values()].map((f) => f.l.dealerId))]).execute();
  const regionOf = new Map(dealers.map((d) => [d.id, d]));
  await tx.insertInto('car').values([...fresh.values()].map(({ l, customerId }) => ({
    dept_id: l.dealerId, customer_id: customerId, brand_id: l.car!.brandId, model_id: l.car!.modelId, frame_number: l.car!.frameNumber,
    plate_number: l.car!.plateNumber, color: l.car!.color,
    // A dealer without a province leaves the region empty: the left-region rule then skips the car.
    region_province: regionOf.get(l.dealerId)?.province ?? '', region_city: regionOf.get(l.dealerId)?.city ?? '', created_at: now,
  }))).execute();
  return taken;
}

/**
 * One chunk of checked loans into customers, loans and cars, inside the caller's transaction:
 * customers found by identity number within their dealer, loans by contract number. New customers and
 * new loans go in with one statement each; what exists is updated row by row.
 */
export async function applyChunk(tx: Tx, loans: readonly CheckedLoan[], now: number): Promise<Applied> {
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
  const touched = new Set<number>();
  for (const l of loans) {
    const key = `${l.dealerId}|${l.idCard}`;
    const customerId = customerOf.get(key)!;
    if (!fresh.has(key)) {
      touched.add(customerId);
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
  const taken = await applyCars(tx, loans, customerOf, now);
  return { created: added.length, updated: loans.length - added.length, customers: [...touched], taken };
}
