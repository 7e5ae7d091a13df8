import type { WhiteListQuery } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type WhiteListRow = {
  id: number;
  customer_id: number;
  customer_name: string;
  phone: string;
  dept_id: number;
  dept_name: string;
  reason: string;
  expires_at: number | null;
  created_by_name: string | null;
  created_at: number;
};

export type CustomerHit = { id: number; name: string; phone: string; dept_id: number; dept_name: string; listed: number | null };

/** What a save writes for one customer. */
export type WhiteListValues = { customerId: number; deptId: number; expiresAt: number | null; reason: string; userId: number; now: number };

export function createWhiteListRepository(db: Db) {
  /** Listings of the caller's customers; `at` decides which are still in force. */
  function filtered(scope: Scope, f: WhiteListQuery, at: number) {
    let q = db
      .selectFrom('white_list as w')
      .innerJoin('customer as c', 'c.id', 'w.customer_id')
      .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
      .leftJoin('app_user as u', 'u.id', 'w.created_by')
      .where((eb) => inScope(eb, 'c.dept_id', scope));
    if (f.customerName) q = q.where(contains('c.name', f.customerName));
    if (f.customerPhone) q = q.where(contains('c.phone', f.customerPhone));
    if (f.deptId) q = q.where(inDeptSubtree('c.dept_id', f.deptId));
    if (f.state === 'active') q = q.where((eb) => eb.or([eb('w.expires_at', 'is', null), eb('w.expires_at', '>', at)]));
    if (f.state === 'expired') q = q.where('w.expires_at', '<=', at);
    return q;
  }

  return {
    async page(scope: Scope, f: WhiteListQuery, at: number, offset: number, limit: number) {
      const q = filtered(scope, f, at);
      const [rows, total] = await Promise.all([
        q.select([
          'w.id', 'w.customer_id', 'c.name as customer_name', 'c.phone', 'c.dept_id', 'dealer.name as dept_name',
          'w.reason', 'w.expires_at', 'u.realname as created_by_name', 'w.created_at',
        ]).orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as WhiteListRow[], count: Number(total.n) };
    },

    /** Customers of the caller matching a name, phone or plate, with whether each is listed already. */
    async customers(scope: Scope, keyword: string, limit: number): Promise<CustomerHit[]> {
      return db
        .selectFrom('customer as c')
        .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
        .leftJoin('white_list as w', 'w.customer_id', 'c.id')
        .select(['c.id', 'c.name', 'c.phone', 'c.dept_id', 'dealer.name as dept_name', 'w.id as listed'])
        .where((eb) => inScope(eb, 'c.dept_id', scope))
        .where((eb) => eb.or([
          contains('c.name', keyword),
          contains('c.phone', keyword),
          eb('c.id', 'in', eb.selectFrom('car').select('car.customer_id').where(contains('car.plate_number', keyword.toUpperCase()))),
        ]))
        .orderBy('c.name')
        .orderBy('c.id')
        .limit(limit)
        .execute();
    },

    platesOf(customerIds: number[]): Promise<{ customer_id: number; plate_number: string }[]> {
      if (customerIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('car').select(['customer_id', 'plate_number']).where('customer_id', 'in', customerIds).orderBy('id').execute();
    },

    /** A customer of the caller's, or nothing. */
    customerInScope(scope: Scope, id: number): Promise<{ id: number; dept_id: number } | undefined> {
      return db.selectFrom('customer').select(['id', 'dept_id']).where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    /** One row per customer (customer_id is unique): listing again changes expiry, reason and who/when. Answers whether it was new. */
    async upsert(v: WhiteListValues): Promise<boolean> {
      const existed = await db.selectFrom('white_list').select('id').where('customer_id', '=', v.customerId).executeTakeFirst();
      const changes = { dept_id: v.deptId, expires_at: v.expiresAt, reason: v.reason, created_by: v.userId, created_at: v.now };
      await db
        .insertInto('white_list')
        .values({ customer_id: v.customerId, ...changes })
        .onConflict((oc) => oc.column('customer_id').doUpdateSet(changes))
        .execute();
      return existed === undefined;
    },

    /** Removes a listing of one of the caller's customers; false when there is none in scope. */
    async remove(scope: Scope, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('white_list')
        .where('id', '=', id)
        .where('customer_id', 'in', (eb) => eb.selectFrom('customer').select('id').where((w) => inScope(w, 'customer.dept_id', scope)))
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type WhiteListRepository = ReturnType<typeof createWhiteListRepository>;
