import type { CarExportQuery } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type CarRow = {
  id: number;
  frame_number: string;
  plate_number: string;
  color: string;
  created_at: number;
  dept_id: number;
  brand_name: string;
  model_name: string;
  customer_id: number;
  customer_name: string;
  phone: string;
  id_card: string;
  dealer_name: string;
  finance_name: string | null;
  loan_status: string | null;
  amount_cents: number | null;
  overdue_days: number | null;
};

export function createCarRepository(db: Db) {
  function filtered(scope: Scope, f: CarExportQuery) {
    let q = db
      .selectFrom('car')
      .innerJoin('customer as cust', 'cust.id', 'car.customer_id')
      .innerJoin('car_brand as b', 'b.id', 'car.brand_id')
      .innerJoin('car_model as m', 'm.id', 'car.model_id')
      .innerJoin('dept as dealer', 'dealer.id', 'car.dept_id')
      .leftJoin('dept as fin', 'fin.id', 'dealer.parent_id')
      .leftJoin('loan', 'loan.customer_id', 'cust.id')
      .where((eb) => inScope(eb, 'car.dept_id', scope));
    if (f.customerName) q = q.where(contains('cust.name', f.customerName));
    if (f.customerPhone) q = q.where(contains('cust.phone', f.customerPhone));
    if (f.carFrameNumber) q = q.where(contains('car.frame_number', f.carFrameNumber));
    if (f.plateNumber) q = q.where(contains('car.plate_number', f.plateNumber));
    if (f.deptId) q = q.where(inDeptSubtree('car.dept_id', f.deptId));
    if (f.brandId) q = q.where('car.brand_id', '=', f.brandId);
    if (f.loanStatus) q = q.where('loan.status', '=', f.loanStatus);
    if (f.deviceNumber) {
      const number = f.deviceNumber;
      q = q.where('car.id', 'in', (eb) => eb.selectFrom('device').select('car_id').where(contains('device_number', number)).$narrowType<{ car_id: number }>());
    }
    return q;
  }

  const columns = [
    'car.id', 'car.frame_number', 'car.plate_number', 'car.color', 'car.created_at', 'car.dept_id',
    'b.name as brand_name', 'm.name as model_name', 'cust.id as customer_id', 'cust.name as customer_name',
    'cust.phone', 'cust.id_card', 'dealer.name as dealer_name', 'fin.name as finance_name',
    'loan.status as loan_status', 'loan.amount_cents', 'loan.overdue_days',
  ] as const;

  return {
    async page(scope: Scope, f: CarExportQuery, offset: number, limit: number) {
      const q = filtered(scope, f);
      const [rows, total] = await Promise.all([
        q.select(columns).orderBy('car.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as CarRow[], count: Number(total.n) };
    },

    async *pages(scope: Scope, f: CarExportQuery, size = 2000): AsyncGenerator<CarRow[]> {
      // Keyset on the id; the first page has no bound (PostgreSQL integers cannot compare to 2^53).
      let before: number | null = null;
      for (;;) {
        let q = filtered(scope, f).select(columns);
        if (before !== null) q = q.where('car.id', '<', before);
        const rows = (await q.orderBy('car.id', 'desc').limit(size).execute()) as CarRow[];
        if (rows.length === 0) return;
        yield rows;
        before = rows[rows.length - 1]!.id;
      }
    },

    /** Devices fitted to these cars; the cars were already checked against the caller's scope. */
    devicesOfCars(carIds: number[]) {
      if (carIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('device').select(['car_id', 'kind', 'device_number']).where('car_id', 'in', carIds).orderBy('id').execute();
    },

    async count(scope: Scope): Promise<number> {
      const r = await db.selectFrom('car').select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => inScope(eb, 'car.dept_id', scope)).executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}

export type CarRepository = ReturnType<typeof createCarRepository>;
