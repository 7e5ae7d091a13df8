import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { DEFAULT_REGISTER_WINDOW_MS, openRegistrationWindows } from '../modules/device/registration-window.js';
import { newFleetState, planCustomer, planStock, type CustomerPlan } from './fleet.js';
import type { Rng } from './random.js';
import type { SeedProgress } from './seed-demo.js';
import type { CatalogIds } from '../setup/catalog.js';
import type { DealerUnit, Organisation } from './seed-organisation.js';

const CUSTOMERS_PER_DEALER = 100;

/** 500 rows of at most a dozen columns stay far below PostgreSQL's 65,535 bound parameters. */
const BATCH = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

export type FittedDevice = { id: number; kind: number; dealerId: number };

/** Customers, their loans, cars and devices, plus the stock devices not yet fitted. */
export async function insertFleet(
  trx: Kysely<DB>, rng: Rng, org: Organisation, catalog: CatalogIds, now: number, progress: SeedProgress,
): Promise<{ customers: number; cars: number; devices: number; fitted: FittedDevice[] }> {
  const state = newFleetState(rng.fork('devices'));
  const plans: CustomerPlan[] = [];
  for (const dealer of org.dealers) {
    // One stream per dealer: changing one dealer's data leaves the others' untouched.
    const dr = rng.fork(`dealer-${dealer.spec.name}`);
    for (let i = 0; i < CUSTOMERS_PER_DEALER; i++) plans.push(planCustomer(dr, state, dealer, catalog, i, now));
  }
  const stockDealers: DealerUnit[] = org.finance.map((f) => f.dealers[0] as DealerUnit);
  const stock = stockDealers.flatMap((d) => planStock(rng.fork(`stock-${d.spec.name}`), state, d, now));

  // Identity-card numbers and frame numbers are unique by construction, so they key the returned ids.
  const customerId = new Map<string, number>();
  for (const batch of chunks(plans)) {
    const rows = await trx.insertInto('customer').values(batch.map((p) => p.customer)).returning(['id', 'id_card']).execute();
    for (const r of rows) customerId.set(r.id_card, r.id);
    progress('customers', customerId.size, plans.length);
  }
  const idOf = (p: CustomerPlan) => customerId.get(p.customer.id_card) as number;

  let done = 0;
  for (const batch of chunks(plans)) {
    await trx.insertInto('loan').values(batch.map((p) => ({ ...p.loan, customer_id: idOf(p) }))).execute();
    progress('loans', (done += batch.length), plans.length);
  }

  const carId = new Map<string, number>();
  for (const batch of chunks(plans)) {
    const rows = await trx
      .insertInto('car')
      .values(batch.map((p) => ({ ...p.car, customer_id: idOf(p) })))
      .returning(['id', 'frame_number'])
      .execute();
    for (const r of rows) carId.set(r.frame_number, r.id);
    progress('cars', carId.size, plans.length);
  }

  // Fitted devices were fitted by their institution's installer company (installer statistics).
  const installerOf = new Map(org.finance.map((f) => [f.id, f.installerId]));
  const dealerFinance = new Map(org.dealers.map((d) => [d.id, d.financeId]));
  const deviceRows = [
    ...plans.flatMap((p) =>
      p.devices.map((d) => ({ ...d, car_id: carId.get(p.car.frame_number) as number, installer_dept_id: installerOf.get(dealerFinance.get(d.dept_id)!) ?? null })),
    ),
    ...stock,
  ];
  const fitted: FittedDevice[] = [];
  const inStock: number[] = [];
  done = 0;
  for (const batch of chunks(deviceRows)) {
    const rows = await trx.insertInto('device').values(batch).returning(['id', 'kind', 'dept_id', 'car_id']).execute();
    for (const r of rows) {
      if (r.car_id !== null) fitted.push({ id: r.id, kind: r.kind, dealerId: r.dept_id });
      else inStock.push(r.id);
    }
    progress('devices', (done += batch.length), deviceRows.length);
  }
  // As a stock import and the fitting would have; the first demo start then registers the fitted ones (demo-terminals.ts).
  await openRegistrationWindows(trx, fitted.map((d) => d.id), 'install', now + DEFAULT_REGISTER_WINDOW_MS);
  await openRegistrationWindows(trx, inStock, 'stock', now + DEFAULT_REGISTER_WINDOW_MS);
  return { customers: plans.length, cars: carId.size, devices: deviceRows.length, fitted };
}
