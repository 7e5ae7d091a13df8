import { parseTime, type OrderListQuery } from '@cvrisk/contracts';
import { sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DispatchOrderEventTable, DispatchOrderTable } from '../../db/schema.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

/**
 * An order belongs to its car's dealer and to the installer company it was sent to: a caller sees it
 * when either is in their scope (an institution both; a dealer its own; an installer what it was sent).
 */
function orderInScope(scope: Scope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.deptIds.length === 0) return sql<SqlBool>`1 = 0`;
  const ids = sql.join(scope.deptIds);
  return sql<SqlBool>`(o.dept_id in (${ids}) or o.installer_dept_id in (${ids}))`;
}

/** Filters that name the list's whole selection; `installerOnly` is the installer company's own view. */
type Filters = Omit<OrderListQuery, 'pageNumber' | 'pageSize'> & { installerOnly?: boolean };

export function createOrderRepository(db: Db) {
  function withNames() {
    return db
      .selectFrom('dispatch_order as o')
      .innerJoin('dept as dealer', 'dealer.id', 'o.dept_id')
      .leftJoin('dept as fin', 'fin.id', 'dealer.parent_id')
      .leftJoin('dept as inst', 'inst.id', 'o.installer_dept_id')
      .leftJoin('car as c', 'c.id', 'o.car_id')
      .leftJoin('install_product as p', 'p.id', 'o.install_product_id')
      .leftJoin('app_user as u', 'u.id', 'o.created_by')
      .selectAll('o')
      .select(['dealer.name as dept_name', 'fin.name as finance_name', 'fin.id as finance_id', 'inst.name as installer_name', 'c.plate_number', 'p.product_name', 'u.realname as created_by_name']);
  }

  function filtered(scope: Scope, f: Filters, withState: boolean) {
    let q = db.selectFrom('dispatch_order as o').where(orderInScope(scope));
    if (f.installerOnly) q = q.where((eb) => inScope(eb, 'o.installer_dept_id', scope));
    if (withState && f.state) q = q.where('o.state', '=', f.state);
    if (f.orderType) q = q.where('o.order_type', '=', f.orderType);
    if (f.deptId) q = q.where(inDeptSubtree('o.dept_id', f.deptId));
    if (f.installerDeptId) q = q.where('o.installer_dept_id', '=', f.installerDeptId);
    if (f.createdStart) q = q.where('o.created_at', '>=', parseTime(f.createdStart)!);
    if (f.createdEnd) q = q.where('o.created_at', '<=', parseTime(f.createdEnd)!);
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([
        contains('o.car_frame_number', k.toUpperCase()), contains('o.real_name', k), contains('o.car_owner_name', k), contains('o.phone', k),
        eb('o.car_id', 'in', eb.selectFrom('car').select('car.id').where(contains('car.plate_number', k.toUpperCase()))),
      ]));
    }
    return q;
  }

  return {
    async page(scope: Scope, f: Filters, offset: number, limit: number, abnormalOnly = false) {
      let q = filtered(scope, f, true);
      if (abnormalOnly) q = q.where('o.state', '=', 6);
      const idsQuery = q.select('o.id').orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').offset(offset).limit(limit);
      const [ids, total] = await Promise.all([idsQuery.execute(), q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
      const rows = ids.length === 0 ? [] : await withNames().where('o.id', 'in', ids.map((r) => r.id)).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute();
      return { rows, count: Number(total.n) };
    },

    /** How many orders of each state the filters hold, the state filter aside (the tabs' counts). */
    async stateCounts(scope: Scope, f: Filters): Promise<Record<string, number>> {
      const rows = await filtered(scope, f, false).select(['o.state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('o.state').execute();
      return Object.fromEntries(rows.map((r) => [String(r.state), Number(r.n)]));
    },

    async createdSince(scope: Scope, since: number): Promise<number> {
      const row = await filtered(scope, {}, false).where('o.created_at', '>=', since).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One order with its names, if the caller may see it. */
    find(scope: Scope, id: number) {
      return withNames().where('o.id', '=', id).where(orderInScope(scope)).executeTakeFirst();
    },

    async insert(values: Insertable<DispatchOrderTable>): Promise<number> {
      const row = await db.insertInto('dispatch_order').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Moves the order from `from` to the patch's state; false when another change got there first
     * (the row is no longer in `from`), so two clicks cannot both succeed.
     */
    async transition(trx: Db, id: number, from: number, patch: Partial<Insertable<DispatchOrderTable>>): Promise<boolean> {
      const res = await trx.updateTable('dispatch_order').set(patch).where('id', '=', id).where('state', '=', from).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async addEvent(trx: Db, event: Insertable<DispatchOrderEventTable>): Promise<void> {
      await trx.insertInto('dispatch_order_event').values(event).execute();
    },

    history(orderId: number) {
      return db.selectFrom('dispatch_order_event').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },

    /** The installer companies of a finance institution, the only ones its orders may go to. */
    installersOf(financeId: number) {
      return db.selectFrom('dept').select(['id', 'name']).where('parent_id', '=', financeId).where('kind', '=', 'installer').orderBy('id').execute();
    },

    /** The finance institution a dealer belongs to. */
    async financeOf(dealerId: number): Promise<number | null> {
      const row = await db.selectFrom('dept').select('parent_id').where('id', '=', dealerId).executeTakeFirst();
      return row?.parent_id ?? null;
    },

    /** Cars of the caller's whose frame number contains the text, for the dispatch form. */
    searchCars(scope: Scope, text: string, limit: number) {
      return db
        .selectFrom('car as c')
        .innerJoin('customer as cu', 'cu.id', 'c.customer_id')
        .innerJoin('car_brand as b', 'b.id', 'c.brand_id')
        .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
        .select(['c.id', 'c.frame_number', 'c.plate_number', 'b.name as brand_name', 'cu.name as owner_name', 'dealer.name as dept_name'])
        .where((eb) => inScope(eb, 'c.dept_id', scope))
        .where(contains('c.frame_number', text.toUpperCase()))
        .orderBy('c.frame_number')
        .limit(limit)
        .execute();
    },

    carByFrame(scope: Scope, frameNumber: string) {
      return db.selectFrom('car').select(['id', 'dept_id']).where('frame_number', '=', frameNumber).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    product(id: number) {
      return db.selectFrom('install_product').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
export type OrderRow = NonNullable<Awaited<ReturnType<OrderRepository['find']>>>;

