import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { matchesVehicle, numberMatchesFirst } from '../../lib/vehicle-search.js';

export type FeedRow = {
  id: number; device_id: number; warning_type: number; risk_level: number; compound: number; deal_status: number; warning_time: number;
  device_number: string; plate_number: string | null; frame_number: string | null; customer_name: string | null; customer_phone: string | null;
  dept_name: string;
};

export type QuickDeviceRow = {
  id: number; device_number: string; kind: number; plate_number: string | null; frame_number: string | null;
  customer_name: string | null; customer_phone: string | null;
};

/**
 * Which warnings a top-bar read covers; `pushed` leaves out the do-not-push ones (server-behaviour §5),
 * `mutedTypes` the types the reader's department is not told of in-app.
 */
export type FeedFilter = { dealStatus: 0 | 1; from?: number; to?: number; pushed?: boolean; deviceIds?: number[]; mutedTypes?: readonly number[] };

export function createWarningFeedRepository(db: Db) {
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
    if (f.mutedTypes?.length) q = q.where('w.warning_type', 'not in', f.mutedTypes);
    return q;
  };

  const columns = [
    'w.id', 'w.device_id', 'w.warning_type', 'w.risk_level', 'w.compound', 'w.deal_status', 'w.warning_time', 'd.device_number',
    'car.plate_number', 'car.frame_number', 'c.name as customer_name', 'c.phone as customer_phone', 'dept.name as dept_name',
  ] as const;

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
        .$if(Boolean(f.mutedTypes?.length), (q) => q.where('w.warning_type', 'not in', f.mutedTypes!))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Devices in scope found by the console's vehicle search (lib/vehicle-search), number matches first. */
    devicesMatching(scope: Scope, text: string, limit: number): Promise<QuickDeviceRow[]> {
      return db.selectFrom('device as d')
        .leftJoin('car', 'car.id', 'd.car_id')
        .leftJoin('customer as c', 'c.id', 'car.customer_id')
        .where((eb) => inScope(eb, 'd.dept_id', scope))
        .where(matchesVehicle(db, scope, text))
        .select(['d.id', 'd.device_number', 'd.kind', 'car.plate_number', 'car.frame_number', 'c.name as customer_name', 'c.phone as customer_phone'])
        .orderBy(numberMatchesFirst(db, text))
        .orderBy('d.device_number')
        .limit(limit)
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
