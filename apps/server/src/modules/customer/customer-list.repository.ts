import type { CustomerFilters, OverdueFilters } from '@cvrisk/contracts';
import { DeviceKind, ONLINE_GRACE_MS, OVERDUE_BUCKETS } from '@cvrisk/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, inScopeWalkingOrder, type Scope } from '../../lib/scope.js';

export type CustomerRow = {
  id: number;
  name: string;
  phone: string;
  id_card: string;
  grade: string;
  fraud_flag: number;
  unhandled_count: number;
  created_at: number;
  dept_id: number;
  dealer_name: string;
  finance_name: string | null;
  contract_no: string | null;
  loan_status: string | null;
  amount_cents: number | null;
  overdue_days: number | null;
  overdue_amount_cents: number | null;
  repayment_day: number | null;
  last_report: number | null;
};

/** 1 high, 2 potential, 3 general: the grade's order of seriousness. */
const GRADE_RANK = sql<number>`case c.grade when 'high' then 1 when 'potential' then 2 else 3 end`;
/** The collectors' bucket, 4 for M3+ down to 1 for M1. */
const BUCKET_RANK = sql<number>`case when l.overdue_days > 90 then 4 when l.overdue_days > 60 then 3 when l.overdue_days > 30 then 2 else 1 end`;
/** A column of the customer's newest loan. */
const newestLoan = (column: 'overdue_days' | 'amount_cents') =>
  sql`(select l3.${sql.ref(column)} from loan l3 where l3.customer_id = c.id order by l3.id desc limit 1)`;
/** The newest report of any device on the customer's cars (null: none ever reported). */
const LAST_REPORT = sql<number | null>`(select max(s.last_time) from car cr join device d on d.car_id = cr.id join device_status s on s.device_id = d.id where cr.customer_id = c.id)`;

function onlineExists(now: number): Expression<SqlBool> {
  const wired = now - ONLINE_GRACE_MS[DeviceKind.wired];
  const wireless = now - ONLINE_GRACE_MS[DeviceKind.wireless];
  return sql<SqlBool>`exists (select 1 from car cr join device d on d.car_id = cr.id join device_status s on s.device_id = d.id
    where cr.customer_id = c.id and ((d.kind = 1 and s.last_time >= ${wired}) or (d.kind = 2 and s.last_time >= ${wireless})))`;
}

const COLUMNS = [
  'c.id', 'c.name', 'c.phone', 'c.id_card', 'c.grade', 'c.fraud_flag', 'c.unhandled_count', 'c.created_at', 'c.dept_id',
  'dealer.name as dealer_name', 'fin.name as finance_name', 'l.contract_no', 'l.status as loan_status', 'l.amount_cents',
  'l.overdue_days', 'l.overdue_amount_cents', 'l.repayment_day',
] as const;

type Who = Pick<CustomerFilters, 'customerName' | 'customerPhone' | 'idCard' | 'deptId'>;

export function createCustomerListRepository(db: Db) {
  /** Customers in scope with their dealer, institution and newest loan, filtered by who they are. */
  function base(scope: Scope, f: Who) {
    let q = db
      .selectFrom('customer as c')
      .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
      .leftJoin('dept as fin', 'fin.id', 'dealer.parent_id')
      .leftJoin('loan as l', (j) => j.onRef('l.customer_id', '=', 'c.id').on('l.id', '=', sql<number>`(select max(l2.id) from loan l2 where l2.customer_id = c.id)`))
      .where((eb) => inScope(eb, 'c.dept_id', scope));
    if (f.customerName) q = q.where(contains('c.name', f.customerName));
    if (f.customerPhone) q = q.where(contains('c.phone', f.customerPhone));
    if (f.idCard) q = q.where(contains('c.id_card', f.idCard));
    if (f.deptId) q = q.where(inDeptSubtree('c.dept_id', f.deptId));
    return q;
  }

  /**
   * The customers the filters keep, on the customer table alone (the newest loan's fields by a
   * subquery): the count and the page's ids read only this, in the order index's order, and the
   * joins the rows need run for the twenty ids of the page.
   */
  function customerIds(scope: Scope, f: CustomerFilters, walkOrder = false) {
    let q = db.selectFrom('customer as c').where((eb) => (walkOrder ? inScopeWalkingOrder('c.dept_id', scope) : inScope(eb, 'c.dept_id', scope)));
    if (f.customerName) q = q.where(contains('c.name', f.customerName));
    if (f.customerPhone) q = q.where(contains('c.phone', f.customerPhone));
    if (f.idCard) q = q.where(contains('c.id_card', f.idCard));
    if (f.deptId) q = q.where(inDeptSubtree('c.dept_id', f.deptId));
    if (f.grade) q = q.where('c.grade', '=', f.grade);
    if (f.fraud !== undefined) q = q.where('c.fraud_flag', '=', f.fraud);
    if (f.hasUnhandled !== undefined) q = q.where('c.unhandled_count', f.hasUnhandled === 1 ? '>' : '=', 0);
    // A customer is overdue when any of their loans is (as the home page counts them), and has a status when any loan has it.
    if (f.loanStatus) q = q.where('c.id', 'in', db.selectFrom('loan').select('customer_id').where('status', '=', f.loanStatus).where((eb) => inScope(eb, 'loan.dept_id', scope)));
    if (f.overdue !== undefined) {
      const late = db.selectFrom('loan').select('customer_id').where('overdue_days', '>', 0).where((eb) => inScope(eb, 'loan.dept_id', scope));
      q = q.where('c.id', f.overdue === 1 ? 'in' : 'not in', late);
    }
    return q;
  }

  /** One page of customers in the list's order, with their rows. */
  async function customerRows(scope: Scope, f: CustomerFilters, offset: number, limit: number): Promise<CustomerRow[]> {
    // The default order is an index's: walk it rather than sort a broad scope (a narrow filter needs no walk).
    const walk = !f.sortField && !f.customerName && !f.customerPhone && !f.idCard && f.overdue === undefined && !f.loanStatus && !f.grade
      && f.fraud === undefined && f.hasUnhandled === undefined;
    let idsQ = customerIds(scope, f, walk).select('c.id');
    for (const o of customerOrder(f)) idsQ = idsQ.orderBy(o);
    const ids = (await idsQ.orderBy('c.id', 'desc').offset(offset).limit(limit).execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    const rows = (await base(scope, {}).select(COLUMNS).select(LAST_REPORT.as('last_report')).where('c.id', 'in', ids).execute()) as CustomerRow[];
    const at = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((x, y) => at.get(x.id)! - at.get(y.id)!);
  }

  function overdue(scope: Scope, f: OverdueFilters, now: number) {
    let q = base(scope, f).where('l.overdue_days', '>', 0);
    if (f.bucket) {
      const b = OVERDUE_BUCKETS[f.bucket];
      q = q.where('l.overdue_days', '>=', b.from);
      if (b.to !== null) q = q.where('l.overdue_days', '<=', b.to);
    }
    if (f.grade) q = q.where('c.grade', '=', f.grade);
    if (f.online !== undefined) q = q.where(f.online === 1 ? onlineExists(now) : sql<SqlBool>`not ${onlineExists(now)}`);
    return q;
  }

  function customerOrder(f: CustomerFilters) {
    const dir = f.sortOrder === 'asc' ? sql.raw('asc') : sql.raw('desc');
    switch (f.sortField) {
      // Seriousness: desc = high first.
      case 'grade': return [sql`${GRADE_RANK} ${f.sortOrder === 'asc' ? sql.raw('desc') : sql.raw('asc')}`];
      case 'unhandled': return [sql`c.unhandled_count ${dir}`];
      case 'overdueDays': return [sql`coalesce(${newestLoan('overdue_days')}, 0) ${dir}`];
      case 'loanAmount': return [sql`coalesce(${newestLoan('amount_cents')}, 0) ${dir}`];
      case 'createdAt': return [sql`c.created_at ${dir}`];
      default: return [sql`${GRADE_RANK} asc`, sql`c.unhandled_count desc`, sql`c.created_at desc`];
    }
  }

  function overdueOrder(f: OverdueFilters) {
    const dir = f.sortOrder === 'asc' ? sql.raw('asc') : sql.raw('desc');
    switch (f.sortField) {
      case 'overdueDays': return [sql`l.overdue_days ${dir}`];
      case 'overdueAmount': return [sql`l.overdue_amount_cents ${dir}`];
      case 'lastReport': return [sql`coalesce(${LAST_REPORT}, 0) ${dir}`];
      default:
        return [sql`${BUCKET_RANK} desc`, sql`${GRADE_RANK} asc`, sql`coalesce(${LAST_REPORT}, 0) asc`, sql`l.overdue_amount_cents desc`];
    }
  }

  type Query = ReturnType<typeof base>;
  function rowsOf(q: Query, order: ReturnType<typeof customerOrder>, offset: number, limit: number) {
    let rowsQ = q.select(COLUMNS).select(LAST_REPORT.as('last_report'));
    for (const o of order) rowsQ = rowsQ.orderBy(o);
    return rowsQ.orderBy('c.id', 'desc').offset(offset).limit(limit).execute() as Promise<CustomerRow[]>;
  }
  const countOf = async (q: Query) => Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  async function page(q: Query, order: ReturnType<typeof customerOrder>, offset: number, limit: number) {
    const [rows, total] = await Promise.all([rowsOf(q, order, offset, limit), countOf(q)]);
    return { rows, count: total };
  }

  async function* pages(q: Query, order: ReturnType<typeof customerOrder>, size = 2000): AsyncGenerator<CustomerRow[]> {
    for (let offset = 0; ; offset += size) {
      const rows = await rowsOf(q, order, offset, size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
    }
  }

  return {
    async customerPage(scope: Scope, f: CustomerFilters, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        customerRows(scope, f, offset, limit),
        customerIds(scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.n) };
    },
    async *customerPages(scope: Scope, f: CustomerFilters, size = 2000): AsyncGenerator<CustomerRow[]> {
      for (let offset = 0; ; offset += size) {
        const rows = await customerRows(scope, f, offset, size);
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
      }
    },
    overduePage: (scope: Scope, f: OverdueFilters, now: number, offset: number, limit: number) => page(overdue(scope, f, now), overdueOrder(f), offset, limit),
    overduePages: (scope: Scope, f: OverdueFilters, now: number) => pages(overdue(scope, f, now), overdueOrder(f)),

    /** Unhandled warnings by type of these customers (already checked against the caller's scope). */
    unhandledByType(customerIds: number[]) {
      if (customerIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('warning').select(['customer_id', 'warning_type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('deal_status', '=', 0).where('customer_id', 'in', customerIds)
        .groupBy(['customer_id', 'warning_type']).orderBy('warning_type').execute();
    },

    /** These customers' cars with each device's latest status. */
    carsOf(customerIds: number[]) {
      if (customerIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('car').leftJoin('device as d', 'd.car_id', 'car.id').leftJoin('device_status as s', 's.device_id', 'd.id')
        .select(['car.id as car_id', 'car.customer_id', 'car.plate_number', 'car.frame_number', 'd.kind', 's.last_time', 's.speed', 's.lng', 's.lat'])
        .where('car.customer_id', 'in', customerIds).orderBy('car.id').execute();
    },
  };
}

export type CustomerListRepository = ReturnType<typeof createCustomerListRepository>;
