import { parseTime, type CaseListQuery, type CaseState } from '@cvrisk/contracts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { caseVisible } from './case-access.js';

export type CaseListRow = {
  id: number; state: string; source: string; reason: string; customer_id: number; customer_name: string;
  dept_id: number; dept_name: string; finance_name: string; team_dept_id: number | null; team_name: string | null;
  warning_id: number | null; opened_by_name: string | null; opened_at: number; assigned_at: number | null; first_found_at: number | null;
  recovered_at: number | null; closed_at: number | null; updated_at: number; overdue_days: number | null;
};

type Filter = Omit<CaseListQuery, 'pageNumber' | 'pageSize'>;

/** The case list's filters, but the state (the tabs count every state under the same filters). */
function filtered(db: Db, scope: Scope, f: Filter) {
  let q = db.selectFrom('recovery_case').where(caseVisible(scope));
  if (f.open !== undefined) q = q.where('recovery_case.closed_at', f.open ? 'is' : 'is not', null);
  if (f.teamDeptId !== undefined) q = q.where('recovery_case.team_dept_id', '=', f.teamDeptId);
  if (f.deptId !== undefined) q = q.where(inDeptSubtree('recovery_case.dept_id', f.deptId));
  if (f.openedStart) q = q.where('recovery_case.opened_at', '>=', parseTime(f.openedStart)!);
  if (f.openedEnd) q = q.where('recovery_case.opened_at', '<=', parseTime(f.openedEnd)!);
  if (f.keyword) {
    const text = f.keyword;
    q = q.where((eb: ExpressionBuilder<DB, 'recovery_case'>) => eb.or([
      eb.exists(eb.selectFrom('customer').select('customer.id').whereRef('customer.id', '=', 'recovery_case.customer_id').where(contains('customer.name', text))),
      eb.exists(eb.selectFrom('recovery_case_car as k').innerJoin('car', 'car.id', 'k.car_id').select('k.car_id')
        .whereRef('k.case_id', '=', 'recovery_case.id')
        .where((e) => e.or([contains('car.plate_number', text), contains('car.frame_number', text)]))),
    ]));
  }
  return q;
}

export function createCaseRepository(db: Db) {
  function withNames(q: ReturnType<typeof filtered>) {
    return q
      .innerJoin('customer as c', 'c.id', 'recovery_case.customer_id')
      .innerJoin('dept as d', 'd.id', 'recovery_case.dept_id')
      .innerJoin('dept as f', 'f.id', 'recovery_case.finance_id')
      .leftJoin('dept as t', 't.id', 'recovery_case.team_dept_id')
      .leftJoin('app_user as u', 'u.id', 'recovery_case.opened_by')
      .select([
        'recovery_case.id', 'recovery_case.state', 'recovery_case.source', 'recovery_case.reason', 'recovery_case.customer_id', 'c.name as customer_name',
        'recovery_case.dept_id', 'd.name as dept_name', 'f.name as finance_name', 'recovery_case.team_dept_id', 't.name as team_name',
        'recovery_case.warning_id', 'u.realname as opened_by_name', 'recovery_case.opened_at', 'recovery_case.assigned_at',
        'recovery_case.first_found_at', 'recovery_case.recovered_at', 'recovery_case.closed_at', 'recovery_case.updated_at',
      ])
      .select((eb) => eb.selectFrom('loan').select((l) => l.fn.max('loan.overdue_days').as('m'))
        .whereRef('loan.customer_id', '=', 'recovery_case.customer_id').as('overdue_days'));
  }

  return {
    async page(scope: Scope, f: CaseListQuery): Promise<{ rows: CaseListRow[]; count: number; stateCounts: Record<string, number> }> {
      const base = filtered(db, scope, f);
      const counted = await base.select(['recovery_case.state', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('recovery_case.state').execute();
      const stateCounts = Object.fromEntries(counted.map((r) => [r.state, Number(r.n)]));
      const inState = f.state ? base.where('recovery_case.state', '=', f.state) : base;
      const count = f.state ? (stateCounts[f.state] ?? 0) : Object.values(stateCounts).reduce((a, b) => a + b, 0);
      const rows = (await withNames(inState)
        // Open cases first (the oldest open one is the most urgent), then the latest closed.
        .orderBy(sql`case when recovery_case.closed_at is null then 0 else 1 end`)
        .orderBy(sql`case when recovery_case.closed_at is null then recovery_case.opened_at else -recovery_case.closed_at end`)
        .orderBy('recovery_case.id', 'desc')
        .limit(f.pageSize).offset((f.pageNumber - 1) * f.pageSize)
        .execute()) as unknown as CaseListRow[];
      return { rows, count, stateCounts };
    },

    /** Every case the filters hold, a page at a time (the export). */
    async *all(scope: Scope, f: Filter, pageSize = 500): AsyncGenerator<CaseListRow[]> {
      let after = 0;
      for (;;) {
        let q = filtered(db, scope, f);
        if (f.state) q = q.where('recovery_case.state', '=', f.state);
        const rows = (await withNames(q).where('recovery_case.id', '>', after).orderBy('recovery_case.id').limit(pageSize).execute()) as unknown as CaseListRow[];
        if (rows.length === 0) return;
        yield rows;
        after = rows[rows.length - 1]!.id;
      }
    },

    async one(id: number): Promise<CaseListRow> {
      return (await withNames(db.selectFrom('recovery_case')).where('recovery_case.id', '=', id).executeTakeFirstOrThrow()) as unknown as CaseListRow;
    },

    cars(caseIds: readonly number[]) {
      if (caseIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('recovery_case_car as k').innerJoin('car', 'car.id', 'k.car_id').leftJoin('car_brand as b', 'b.id', 'car.brand_id')
        .select(['k.case_id', 'car.id', 'car.plate_number', 'car.frame_number', 'b.name as brand'])
        .where('k.case_id', 'in', caseIds).orderBy('k.case_id').orderBy('car.id').execute();
    },

    /** The customer if the caller's scope holds it, with their cars and department. */
    customerInScope(scope: Scope, customerId: number) {
      return db.selectFrom('customer').innerJoin('dept', 'dept.id', 'customer.dept_id')
        .select(['customer.id', 'customer.name', 'customer.dept_id', 'dept.path'])
        .where('customer.id', '=', customerId).where((eb) => inScope(eb, 'customer.dept_id', scope)).executeTakeFirst();
    },
    customerCars(customerId: number) {
      return db.selectFrom('car').select(['id']).where('customer_id', '=', customerId).orderBy('id').execute();
    },
    /** The institution a department path belongs to: its first finance department. */
    async financeOf(path: string): Promise<number | null> {
      const ids = path.split('/').filter(Boolean).map(Number);
      const row = await db.selectFrom('dept').select('id').where('id', 'in', ids).where('kind', '=', 'finance').executeTakeFirst();
      return row?.id ?? null;
    },
    warningOfCustomer(scope: Scope, warningId: number, customerId: number) {
      return db.selectFrom('warning').innerJoin('car', 'car.id', 'warning.car_id').select('warning.id')
        .where('warning.id', '=', warningId).where('car.customer_id', '=', customerId).where((eb) => inScope(eb, 'warning.dept_id', scope))
        .executeTakeFirst();
    },
    /** An open case of this customer already (one chase per customer at a time). */
    openCaseOf(customerId: number) {
      return db.selectFrom('recovery_case').select(['id']).where('customer_id', '=', customerId).where('closed_at', 'is', null).executeTakeFirst();
    },

    /** Recovery companies under the institution, with their open cases; a disabled one is shown, marked. */
    teams(financeIds: readonly number[] | null) {
      let q = db.selectFrom('dept').select(['dept.id', 'dept.name', 'dept.parent_id', 'dept.disabled_at', 'dept.path'])
        .select((eb) => eb.selectFrom('recovery_case').select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('recovery_case.team_dept_id', '=', 'dept.id').where('recovery_case.closed_at', 'is', null).as('open_cases'))
        .where('dept.kind', '=', 'recovery');
      if (financeIds !== null) q = q.where('dept.parent_id', 'in', financeIds.length ? financeIds : [0]);
      return q.orderBy('dept.name').execute();
    },
    team(id: number) {
      return db.selectFrom('dept').select(['id', 'name', 'parent_id', 'kind', 'disabled_at', 'path']).where('id', '=', id).executeTakeFirst();
    },

    history(caseId: number) {
      return db.selectFrom('recovery_case_event as e').leftJoin('app_user as u', 'u.id', 'e.user_id')
        .select(['e.at', 'u.realname as by', 'e.action', 'e.from_state', 'e.to_state', 'e.reason'])
        .where('e.case_id', '=', caseId).orderBy('e.id', 'desc').execute();
    },

    summary(scope: Scope, now: number, monthStart: number) {
      return db.selectFrom('recovery_case').where(caseVisible(scope))
        .select((eb) => [
          eb.fn.sum<number | string>(sql`case when closed_at is null then 1 else 0 end`).as('open'),
          eb.fn.sum<number | string>(sql`case when first_found_at >= ${now - 24 * 3600_000} then 1 else 0 end`).as('found'),
          eb.fn.sum<number | string>(sql`case when state = 'recovered' and recovered_at >= ${monthStart} then 1 else 0 end`).as('recovered'),
        ])
        .executeTakeFirstOrThrow();
    },
  };
}

export type CaseRepository = ReturnType<typeof createCaseRepository>;

/** The writes of a case's life, run inside the caller's transaction. */
export function createCaseWrites(tx: Db) {
  return {
    async insert(v: { customer_id: number; dept_id: number; finance_id: number; team_dept_id: number | null; state: CaseState; source: string; warning_id: number | null; reason: string; opened_by: number; at: number }, carIds: readonly number[]): Promise<number> {
      const { at, ...rest } = v;
      const row = await tx.insertInto('recovery_case')
        .values({ ...rest, opened_at: at, assigned_at: v.team_dept_id === null ? null : at, first_found_at: null, recovered_at: null, closed_at: null, updated_at: at })
        .returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('recovery_case_car').values(carIds.map((car_id) => ({ case_id: row.id, car_id }))).execute();
      return row.id;
    },
    /** Moves the case only from the state it was read in: a change made meanwhile by someone else wins, this one answers 409. */
    async move(id: number, from: CaseState, set: Partial<{ state: CaseState; team_dept_id: number | null; assigned_at: number | null; first_found_at: number; recovered_at: number | null; closed_at: number | null }>, at: number): Promise<boolean> {
      const r = await tx.updateTable('recovery_case').set({ ...set, updated_at: at }).where('id', '=', id).where('state', '=', from).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async event(e: { case_id: number; at: number; user_id: number | null; action: string; from_state: string | null; to_state: string | null; reason: string | null }): Promise<void> {
      await tx.insertInto('recovery_case_event').values(e).execute();
    },
  };
}
