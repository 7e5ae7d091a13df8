import { dayKey, overdueAmountCents, type LoanStatus } from '@cvrisk/contracts';
import type { Insertable } from 'kysely';
import type { CarTable, CustomerTable, DeviceTable, LoanTable } from '../db/schema.js';
import { DeviceNumbers } from './devices.js';
import { makeIdCard, makeMobile } from './identity.js';
import { estateAddress, personName } from './names.js';
import { streetAddress } from './places.js';
import type { Rng } from './random.js';
import type { CatalogIds } from '../setup/catalog.js';
import type { DealerUnit } from './seed-organisation.js';
import { BRANDS, brandByName, carColour, makePlate, makeVin, wmiOf, type Brand } from './vehicles.js';

export const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

/** One customer with everything hanging off them; ids are joined up when the rows are inserted. */
export type CustomerPlan = {
  customer: Insertable<CustomerTable>;
  loan: Omit<Insertable<LoanTable>, 'customer_id'>;
  car: Omit<Insertable<CarTable>, 'customer_id'>;
  devices: Omit<Insertable<DeviceTable>, 'car_id'>[];
};

/** Shared across dealers so phone numbers, plates, VINs and contract numbers never repeat. */
export type FleetState = {
  devices: DeviceNumbers;
  phones: Set<string>;
  plates: Set<string>;
  vinSerials: Set<string>;
  contractSeq: Map<string, number>;
};

export const newFleetState = (rng: Rng): FleetState => ({
  devices: new DeviceNumbers(rng),
  phones: new Set(),
  plates: new Set(),
  vinSerials: new Set(),
  contractSeq: new Map(),
});

const TERMS = [12, 24, 36, 36, 36, 48, 60];
const LOAN_YUAN: Record<Brand['tier'], [number, number]> = { 1: [50, 150], 2: [80, 250], 3: [180, 400] };

function unique(set: Set<string>, make: () => string): string {
  let v: string;
  do v = make();
  while (set.has(v));
  set.add(v);
  return v;
}

/**
 * How long ago the loan started. Running loans must still be within their term; overdue ones have
 * had time to fall behind; settled ones are at least a year old.
 */
function startDaysAgo(rng: Rng, status: LoanStatus, term: number): number {
  const maxRunning = Math.min(term * 30 - 5, 1095);
  if (status === 'settled') return rng.int(365, 1095);
  if (status === 'overdue') return rng.int(150, maxRunning);
  return rng.int(20, maxRunning);
}

export function planCustomer(rng: Rng, state: FleetState, dealer: DealerUnit, catalog: CatalogIds, local: number, now: number): CustomerPlan {
  const { city } = dealer;
  const male = rng.chance(0.68);
  const district = rng.pick(city.districts);
  const area = rng.chance(0.7) ? district.code : rng.pick(city.provinceAreas);
  const birth = new Date(now - rng.int(22, 59) * YEAR_MS - rng.int(0, 364) * DAY_MS);
  // A stride coprime with 500 keeps sequences distinct within a dealer and away from 001, 002 …
  const idCard = makeIdCard(area, birth, (local * 7 + 13) % 500, male);

  const r = rng.next();
  const status: LoanStatus = r < 0.05 ? 'settled' : r < 0.13 ? 'overdue' : 'normal';
  const term = rng.pick(TERMS);
  const createdAt = now - startDaysAgo(rng, status, term) * DAY_MS - rng.int(0, 86_399) * 1000;

  const customer: Insertable<CustomerTable> = {
    dept_id: dealer.id,
    name: personName(rng, male),
    phone: unique(state.phones, () => makeMobile(rng)),
    id_card: idCard,
    address: streetAddress(rng, city, district) + estateAddress(rng),
    grade: 'general',
    fraud_flag: 0,
    created_at: createdAt,
  };

  // Most cars are the badge the 4S shop sells; the rest are trade-ins and used cars it finances.
  const brand = rng.chance(0.7) ? brandByName(dealer.spec.brand) : rng.pick(BRANDS);
  const model = rng.pick(brand.models);
  const ids = catalog.get(brand.name);
  const modelId = ids?.models.get(model);
  if (!ids || modelId === undefined) throw new Error(`catalog lacks ${brand.name} ${model}`);
  const carCreated = createdAt + rng.int(0, 7200) * 1000;
  const car: CustomerPlan['car'] = {
    dept_id: dealer.id,
    brand_id: ids.id,
    model_id: modelId,
    frame_number: makeVin(rng, wmiOf(brand, model), Math.floor(dayKey(carCreated) / 10000), state.vinSerials),
    plate_number: unique(state.plates, () => makePlate(rng, city.provinceShort, city.plateLetter, brand)),
    color: carColour(rng),
    region_province: city.province,
    region_city: city.city,
    created_at: carCreated,
  };

  const [minYuan, maxYuan] = LOAN_YUAN[brand.tier];
  const seq = (state.contractSeq.get(dealer.contractPrefix) ?? 100000) + rng.int(1, 40);
  state.contractSeq.set(dealer.contractPrefix, seq);
  const amountCents = rng.int(minYuan, maxYuan) * 1000 * 100;
  const repaymentDay = rng.int(1, 28);
  // Most overdue loans are a few weeks behind; a long tail runs to four months.
  const overdueDays = status === 'overdue' ? 1 + Math.floor(119 * rng.next() ** 2) : 0;
  const loan: CustomerPlan['loan'] = {
    dept_id: dealer.id,
    contract_no: `${dealer.contractPrefix}${Math.floor(dayKey(createdAt) / 10000)}${seq}`,
    amount_cents: amountCents,
    term_months: term,
    repayment_day: repaymentDay,
    overdue_days: overdueDays,
    overdue_amount_cents: overdueAmountCents(amountCents, term, overdueDays),
    status,
    start_day: dayKey(createdAt),
  };

  const devices: CustomerPlan['devices'] = [];
  for (const kind of rng.chance(0.5) ? ([1, 2] as const) : ([1] as const)) {
    // Loans start at least 20 days back, so an install up to 3 days later is always in the past.
    const install = carCreated + rng.int(3600, 3 * 86_400) * 1000;
    devices.push({
      ...state.devices.next(kind),
      kind,
      dept_id: dealer.id,
      install_time: install,
      created_at: install - rng.int(1, 20) * DAY_MS,
    });
  }
  return { customer, loan, car, devices };
}

/** Devices delivered to a dealer and waiting to be fitted. */
export function planStock(rng: Rng, state: FleetState, dealer: DealerUnit, now: number): Insertable<DeviceTable>[] {
  return Array.from({ length: 10 }, (_, i) => {
    const kind = i < 6 ? 1 : 2;
    return {
      ...state.devices.next(kind),
      kind,
      dept_id: dealer.id,
      car_id: null,
      install_time: null,
      created_at: now - rng.int(1, 30) * DAY_MS - rng.int(0, 86_399) * 1000,
    };
  });
}
