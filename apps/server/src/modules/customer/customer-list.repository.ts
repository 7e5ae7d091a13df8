import type { CustomerFilters, CustomerGrade, OverdueFilters } from '@cvrisk/contracts';
import { OVERDUE_BUCKETS } from '@cvrisk/contracts';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { compiledOnce, param, params } from '../../db/compiled-once.js';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, inScopeWalkingOrder, type Scope } from '../../lib/scope.js';
import { onlineCondition } from '../device/device-state.js';
import { candidatesForPage, priorityOrder, type PriorityKey } from './overdue-priority.js';

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
};

/** 1 high, 2 potential, 3 general: the grade's order of seriousness, as the index `customer_list_order` has it. */
const GRADE_RANK = sql<number>`case c.grade when 'high' then 1 when 'potential' then 2 else 3 end`;
const GRADE_RANKS: Record<CustomerGrade, number> = { high: 1, potential: 2, general: 3 };
/** The collectors' bucket, 4 for M3+ down to 1 for M1. */
const BUCKET_RANK = sql<number>`case when l.overdue_days > 90 then 4 when l.overdue_days > 60 then 3 when l.overdue_days > 30 then 2 else 1 end`;
/** A column of the customer's newest loan. */
const newestLoan = (column: 'overdue_days' | 'amount_cents') =>
  sql`(select l3.${sql.ref(column)} from loan l3 where l3.customer_id = c.id order by l3.id desc limit 1)`;
/** The newest report of any device on the customer's cars (null: none ever reported). */
const LAST_REPORT = sql<number | null>`(select max(s.last_time) from car cr join device d on d.car_id = cr.id join device_status s on s.device_id = d.id where cr.customer_id = c.id)`;

function onlineExists(now: number): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from car cr join device d on d.car_id = cr.id join device_status s on s.device_id = d.id
    where cr.customer_id = c.id and ${onlineCondition(now)})`;
}

const COLUMNS = [
  'c.id', 'c.name', 'c.phone', 'c.id_card', 'c.grade', 'c.fraud_flag', 'c.unhandled_count', 'c.created_at', 'c.dept_id',
  'dealer.name as dealer_name', 'fin.name as finance_name', 'l.contract_no', 'l.status as loan_status', 'l.amount_cents',
  'l.overdue_days', 'l.overdue_amount_cents', 'l.repayment_day',
] as const;

type Who = Pick<CustomerFilters, 'customerName' | 'customerPhone' | 'idCard' | 'deptId'>;

/**
 * Who the customers are: part of a name, phone or identity number, or a dealer's subtree. A whole
 * mobile or identity number — what a risk manager mostly pastes — is looked up by its index; a part
 * of one is searched for anywhere in it.
 */
function whoIs(f: Who): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.customerName) out.push(contains('c.name', f.customerName));
  if (f.customerPhone) out.push(/^1\d{10}$/.test(f.customerPhone) ? sql<SqlBool>`c.phone = ${f.customerPhone}` : contains('c.phone', f.customerPhone));
  if (f.idCard) out.push(/^\d{17}[\dXx]$/.test(f.idCard) ? sql<SqlBool>`c.id_card = ${f.idCard.toUpperCase()}` : contains('c.id_card', f.idCard));
  if (f.deptId) out.push(inDeptSubtree('c.dept_id', f.deptId));
  return out;
}

export function createCustomerListRepository(db: Db) {
  // A page of the list runs the same few shapes of query over and over: compiled once per shape.
  const run = compiledOnce(db);

  /** Customers in scope with their dealer, institution and newest loan, filtered by who they are. */
  function base(scope: Scope, f: Who, byId = false) {
    let q = db
      .selectFrom('customer as c')
      .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
      .leftJoin('dept as fin', 'fin.id', 'dealer.parent_id')
      .leftJoin('loan as l', (j) => j.onRef('l.customer_id', '=', 'c.id').on('l.id', '=', sql<number>`(select max(l2.id) from loan l2 where l2.customer_id = c.id)`))
      // Rows asked for by id are found by id: with the scope's index SQLite probed every department for every id.
      .where((eb) => (byId ? inScopeWalkingOrder('c.dept_id', scope) : inScope(eb, 'c.dept_id', scope)));
    for (const w of whoIs(f)) q = q.where(w);
    return q;
  }

  /**
   * The customers the filters keep, on the customer table alone (the newest loan's fields by a
   * subquery): the count and the page's ids read only this, and the joins the rows need run for the
   * twenty ids of the page. `walk`: the page walks the order index, so every filter is one a walked
   * entry can answer at once (an index probe per customer, never a list built first).
   */
  function customerIds(scope: Scope, f: CustomerFilters, walk = false) {
    let q = db.selectFrom('customer as c').where((eb) => (walk ? inScopeWalkingOrder('c.dept_id', scope) : inScope(eb, 'c.dept_id', scope)));
    for (const w of whoIs(f)) q = q.where(w);
    // As the order index's first column, so a walk starts at the grade rather than filtering on the way.
    if (f.grade) q = q.where(sql<SqlBool>`${GRADE_RANK} = ${GRADE_RANKS[f.grade]}`);
    if (f.fraud !== undefined) q = q.where('c.fraud_flag', '=', f.fraud);
    if (f.hasUnhandled !== undefined) q = q.where('c.unhandled_count', f.hasUnhandled === 1 ? '>' : '=', 0);
    // A customer is overdue when any of their loans is (as the home page counts them), and has a status when any loan has it.
    if (f.loanStatus) q = q.where(anyLoan(scope, walk, (l) => l.where('status', '=', f.loanStatus!)));
    if (f.overdue !== undefined) {
      const late = anyLoan(scope, walk, (l) => l.where('overdue_days', '>', 0));
      q = q.where(f.overdue === 1 ? late : sql<SqlBool>`not ${late}`);
    }
    return q;
  }

  /**
   * "Has a loan that…": probed per customer while walking; otherwise the matching loans of the scope
   * read once through their own index (a count of 200,000 customers would probe each).
   */
  function anyLoan(scope: Scope, walk: boolean, which: (l: SelectQueryBuilder<DB, 'loan', object>) => SelectQueryBuilder<DB, 'loan', object>): Expression<SqlBool> {
    if (walk) return sql<SqlBool>`exists ${which(db.selectFrom('loan').select(sql.lit(1).as('one')).where(sql<SqlBool>`loan.customer_id = c.id`))}`;
    return sql<SqlBool>`c.id in ${which(db.selectFrom('loan').select('customer_id').where((eb) => inScope(eb, 'loan.dept_id', scope)))}`;
  }

  /** One page of customers in the list's order, with their rows. */
  async function customerRows(scope: Scope, f: CustomerFilters, offset: number, limit: number): Promise<CustomerRow[]> {
    // The default order is an index's: walk it rather than sort a broad scope. Not for a search by
    // name, phone or identity number, nor for the few flagged: they match rarely, and a walk would
    // read every entry to find them.
    const walk = !f.sortField && !f.customerName && !f.customerPhone && !f.idCard && f.fraud !== 1;
    const page = () => {
      let idsQ = customerIds(scope, f, walk).select('c.id');
      for (const o of customerOrder(f)) idsQ = idsQ.orderBy(o);
      return idsQ.orderBy('c.id', 'desc').offset(param<number>(0)).limit(param<number>(1));
    };
    // The filters' values are part of the key: the SQL depends on them (a whole phone or a part, a walk or not).
    const ids = await run(`ids ${JSON.stringify([scope, f])}`, page, [offset, limit]);
    return rowsInOrder(scope, ids.map((r) => r.id));
  }

  /** The rows of these customers, in this order. */
  async function rowsInOrder(scope: Scope, ids: number[]): Promise<CustomerRow[]> {
    if (ids.length === 0) return [];
    const rows = (await run(`rows ${JSON.stringify(scope)} ${ids.length}`, () => base(scope, {}, true).select(COLUMNS).where('c.id', 'in', params<number>(ids.length)), ids)) as CustomerRow[];
    const at = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((x, y) => at.get(x.id)! - at.get(y.id)!);
  }

  /** Every overdue match's ranking keys: cheap columns, no devices. */
  function overdueKeys(scope: Scope, f: OverdueFilters, now: number): Promise<PriorityKey[]> {
    return overdue(scope, f, now).select(['c.id', 'l.overdue_days', 'c.grade', 'l.overdue_amount_cents']).execute() as Promise<PriorityKey[]>;
  }

  /**
   * A page of the overdue list in the collectors' order without reading every match's devices: from
   * the matches' keys, the last report only of the groups the page reaches into.
   */
  async function overdueByPriority(scope: Scope, keys: PriorityKey[], offset: number, limit: number): Promise<CustomerRow[]> {
    const { candidates, skip } = candidatesForPage(keys, offset, limit);
    const lastReport = new Map<number, number>();
    for (let i = 0; i < candidates.length; i += 500) {
      const rows = await db.selectFrom('car as cr').innerJoin('device as d', 'd.car_id', 'cr.id').innerJoin('device_status as s', 's.device_id', 'd.id')
        .select(['cr.customer_id', (eb) => eb.fn.max('s.last_time').as('last')])
        .where('cr.customer_id', 'in', candidates.slice(i, i + 500).map((k) => k.id)).groupBy('cr.customer_id').execute();
      for (const r of rows) if (r.customer_id !== null && r.last !== null) lastReport.set(r.customer_id, Number(r.last));
    }
    return rowsInOrder(scope, priorityOrder(candidates, lastReport).slice(skip, skip + limit).map((k) => k.id));
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
      // With one grade asked for, the rank is the same on every row: leaving it out lets SQLite see
      // that the index already holds the rest of the order (with it, it sorts every match).
      default: return [...(f.grade ? [] : [sql`${GRADE_RANK} asc`]), sql`c.unhandled_count desc`, sql`c.created_at desc`];
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
    let rowsQ = q.select(COLUMNS);
    for (const o of order) rowsQ = rowsQ.orderBy(o);
    return rowsQ.orderBy('c.id', 'desc').offset(offset).limit(limit).execute() as Promise<CustomerRow[]>;
  }
  const countOf = async (q: Query) => Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  async function* pages(q: Query, order: ReturnType<typeof customerOrder>, size = 2000): AsyncGenerator<CustomerRow[]> {
    for (let offset = 0; ; offset += size) {
      const rows = await rowsOf(q, order, offset, size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
    }
  }

  return {
    customerRows: (scope: Scope, f: CustomerFilters, offset: number, limit: number) => customerRows(scope, f, offset, limit),
    async customerCount(scope: Scope, f: CustomerFilters): Promise<number> {
      return Number((await customerIds(scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    },
    async *customerPages(scope: Scope, f: CustomerFilters, size = 2000): AsyncGenerator<CustomerRow[]> {
      for (let offset = 0; ; offset += size) {
        const rows = await customerRows(scope, f, offset, size);
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
      }
    },
    /** A page in the order of the column sorted by. */
    overdueSorted: (scope: Scope, f: OverdueFilters, now: number, offset: number, limit: number) => rowsOf(overdue(scope, f, now), overdueOrder(f), offset, limit),
    overdueKeys,
    overdueByPriority,
    overdueCount: (scope: Scope, f: OverdueFilters, now: number) => countOf(overdue(scope, f, now)),
    overduePages: (scope: Scope, f: OverdueFilters, now: number) => pages(overdue(scope, f, now), overdueOrder(f)),

    /** Unhandled warnings by type of these customers (already checked against the caller's scope). */
    unhandledByType(customerIds: number[]) {
      if (customerIds.length === 0) return Promise.resolve([]);
      // `+deal_status`: with the state's index SQLite read every unhandled warning of every customer to find these few.
      return run(`unhandled ${customerIds.length}`, () => db.selectFrom('warning').select(['customer_id', 'warning_type', (eb) => eb.fn.countAll<number>().as('n')])
        .where(sql<number>`+deal_status`, '=', 0).where('customer_id', 'in', params<number>(customerIds.length))
        .groupBy(['customer_id', 'warning_type']).orderBy('warning_type'), customerIds);
    },

    /** These customers' cars with each device's latest status. */
    carsOf(customerIds: number[]) {
      if (customerIds.length === 0) return Promise.resolve([]);
      return run(`cars ${customerIds.length}`, () => db.selectFrom('car').leftJoin('device as d', 'd.car_id', 'car.id').leftJoin('device_status as s', 's.device_id', 'd.id')
        .select(['car.id as car_id', 'car.customer_id', 'car.plate_number', 'car.frame_number', 'd.kind', 's.last_time', 's.heard_at', 's.speed', 's.lng', 's.lat'])
        .where('car.customer_id', 'in', params<number>(customerIds.length)).orderBy('car.id'), customerIds);
    },
  };
}

export type CustomerListRepository = ReturnType<typeof createCustomerListRepository>;
