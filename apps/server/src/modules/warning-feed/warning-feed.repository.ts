import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import { startsWith } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type FeedRow = {
  id: number; device_id: number; warning_type: number; risk_level: number; compound: number; deal_status: number; warning_time: number;
  device_number: string; plate_number: string | null; frame_number: string | null; customer_name: string | null; customer_phone: string | null;
  dept_name: string;
};

export type QuickDeviceRow = {
  id: number; device_number: string; kind: number; plate_number: string | null; frame_number: string | null;
  customer_name: string | null; customer_phone: string | null;
};

/** Which warnings a top-bar read covers; `pushed` leaves out the do-not-push ones (server-behaviour §5). */
export type FeedFilter = { dealStatus: 0 | 1; from?: number; to?: number; pushed?: boolean; deviceIds?: number[] };

export function createWarningFeedRepository(db: Db) {
  const sqlite = isSqlite(db);

  /**
   * `column` starts with `text`, as a range the column's index answers. SQLite compares bytes (BINARY),
   * so the range is exact there; PostgreSQL's collation may order differently, so it gets LIKE.
   */
  const prefix = (column: string, text: string): Expression<SqlBool> =>
    sqlite ? sql<SqlBool>`(${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${`${text}\uffff`})` : startsWith(column, text);

  const feed = (scope: Scope, f: FeedFilter) => {
    let q = db.selectFrom('warning as w')
      .innerJoin('device as d', 'd.id', 'w.device_id')
      .innerJoin('dept', 'dept.id', 'w.dept_id')
      .leftJoin('car', 'car.id', 'w.car_id')
      .leftJoin('customer as c', 'c.id', 'w.customer_id')
      .where((eb) => inScope(eb, 'w.dept_id', scope))
      .where('w.deal_status', '=', f.dealStatus);
    if (f.pushed) q = q.where('w.pushed', '=', 1);
    if (f.from !== undefined) q = q.where('w.warning_time', '>=', f.from);
    if (f.to !== undefined) q = q.where('w.warning_time', '<=', f.to);
    if (f.deviceIds) q = q.where('w.device_id', 'in', f.deviceIds);
    return q;
  };

  const columns = [
    'w.id', 'w.device_id', 'w.warning_type', 'w.risk_level', 'w.compound', 'w.deal_status', 'w.warning_time', 'd.device_number',
    'car.plate_number', 'car.frame_number', 'c.name as customer_name', 'c.phone as customer_phone', 'dept.name as dept_name',
  ] as const;

  /** Ids of rows in scope whose column starts with the text, at most `limit`. */
  const idsStarting = async (table: 'device' | 'car' | 'customer', column: string, scope: Scope, text: string, limit: number) =>
    (await db.selectFrom(table).select('id').where(prefix(column, text)).where((eb) => inScope(eb, 'dept_id', scope)).limit(limit).execute())
      .map((r) => r.id);

  return {
    /** Newest first; ties broken by id so pages never overlap. */
    async page(scope: Scope, f: FeedFilter, offset: number, limit: number): Promise<FeedRow[]> {
      return feed(scope, f).select(columns).orderBy('w.warning_time', 'desc').orderBy('w.id', 'desc').offset(offset).limit(limit).execute();
    },

    async count(scope: Scope, f: FeedFilter): Promise<number> {
      const r = await db.selectFrom('warning as w')
        .where((eb) => inScope(eb, 'w.dept_id', scope))
        .where('w.deal_status', '=', f.dealStatus)
        .$if(f.pushed === true, (q) => q.where('w.pushed', '=', 1))
        .$if(f.from !== undefined, (q) => q.where('w.warning_time', '>=', f.from!))
        .$if(f.to !== undefined, (q) => q.where('w.warning_time', '<=', f.to!))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Devices in scope whose number, car frame number, customer phone or customer name starts with
     * the text: each looked up through its own index, then joined for display.
     */
    async devicesMatching(scope: Scope, text: string, limit: number): Promise<QuickDeviceRow[]> {
      const [byNumber, carIds, customerIds] = await Promise.all([
        idsStarting('device', 'device_number', scope, text, limit),
        idsStarting('car', 'frame_number', scope, text.toUpperCase(), limit),
        Promise.all([idsStarting('customer', 'phone', scope, text, limit), idsStarting('customer', 'name', scope, text, limit)]).then(([a, b]) => [...a, ...b]),
      ]);
      const cars = customerIds.length
        ? (await db.selectFrom('car').select('id').where('customer_id', 'in', customerIds).where((eb) => inScope(eb, 'dept_id', scope)).execute()).map((r) => r.id)
        : [];
      const allCars = [...new Set([...carIds, ...cars])];
      if (byNumber.length === 0 && allCars.length === 0) return [];
      return db.selectFrom('device as d')
        .leftJoin('car', 'car.id', 'd.car_id')
        .leftJoin('customer as c', 'c.id', 'car.customer_id')
        .where((eb) => inScope(eb, 'd.dept_id', scope))
        .where((eb) => {
          const parts: Expression<SqlBool>[] = [];
          if (byNumber.length) parts.push(eb('d.id', 'in', byNumber));
          if (allCars.length) parts.push(eb('d.car_id', 'in', allCars));
          return eb.or(parts);
        })
        .select(['d.id', 'd.device_number', 'd.kind', 'car.plate_number', 'car.frame_number', 'c.name as customer_name', 'c.phone as customer_phone'])
        .orderBy('d.device_number')
        .limit(limit * 4)
        .execute();
    },

    /** Unhandled warnings of these devices, newest first (at most one per device, type and place exists). */
    unhandledOf(scope: Scope, deviceIds: number[], limit: number): Promise<FeedRow[]> {
      if (deviceIds.length === 0) return Promise.resolve([]);
      return feed(scope, { dealStatus: 0, deviceIds }).select(columns).orderBy('w.warning_time', 'desc').orderBy('w.id', 'desc').limit(limit).execute();
    },
  };
}

export type WarningFeedRepository = ReturnType<typeof createWarningFeedRepository>;
