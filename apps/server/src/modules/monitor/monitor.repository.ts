import type { Db } from '../../db/database.js';
import { inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { matchesVehicle, numberMatchesFirst } from '../../lib/vehicle-search.js';
import { wentOfflineCondition } from '../device/device-state.js';

/** What the map needs of one device, and nothing more: 50,000 of these are read at once. */
export type MonitorDeviceRow = {
  id: number;
  device_number: string;
  kind: number;
  dept_id: number;
  plate_number: string | null;
  last_time: number | null;
  heard_at: number | null;
  lng: number | null;
  lat: number | null;
  speed: number | null;
  direction: number | null;
};

export type CardExtrasRow = {
  phone: string | null;
  brand_name: string | null;
  model_name: string | null;
  fix_type: number | null;
  open_warnings: number | string | null;
};

export type SearchRow = {
  device_number: string;
  kind: number;
  last_time: number | null;
  heard_at: number | null;
  speed: number | null;
  plate_number: string | null;
  frame_number: string | null;
  customer_name: string | null;
};

/** Both engines cap the parameters of one statement (SQLite 32,766); id lists are read in slices. */
const IDS_PER_QUERY = 5000;

export function createMonitorRepository(db: Db) {
  function located(scope: Scope) {
    return db
      .selectFrom('device as d')
      .leftJoin('device_status as s', 's.device_id', 'd.id')
      .leftJoin('car', 'car.id', 'd.car_id')
      .where((eb) => inScope(eb, 'd.dept_id', scope));
  }
  const mapColumns = ['d.id', 'd.device_number', 'd.kind', 'd.dept_id', 'car.plate_number', 's.last_time', 's.heard_at', 's.lng', 's.lat', 's.speed', 's.direction'] as const;

  return {
    /** Every device in scope, optionally only one department's subtree: one query, no per-device work. */
    devices(scope: Scope, deptId?: number): Promise<MonitorDeviceRow[]> {
      let q = located(scope).select(mapColumns);
      if (deptId) q = q.where(inDeptSubtree('d.dept_id', deptId));
      return q.execute();
    },

    /** The given devices as the map shows them (the live stream scopes them per connection afterwards). */
    async byIds(scope: Scope, ids: readonly number[]): Promise<MonitorDeviceRow[]> {
      const out: MonitorDeviceRow[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
        out.push(...(await located(scope).select(mapColumns).where('d.id', 'in', ids.slice(i, i + IDS_PER_QUERY)).execute()));
      }
      return out;
    },

    /** What the card shows beyond the device list's row: the customer's phone, the car, the last fix's source, open warnings. */
    cardExtras(scope: Scope, deviceId: number): Promise<CardExtrasRow | undefined> {
      return located(scope)
        .leftJoin('customer as cust', 'cust.id', 'car.customer_id')
        .leftJoin('car_brand as brand', 'brand.id', 'car.brand_id')
        .leftJoin('car_model as model', 'model.id', 'car.model_id')
        .select((eb) => [
          'cust.phone', 'brand.name as brand_name', 'model.name as model_name',
          eb.selectFrom('position as p').select('p.fix_type').whereRef('p.device_id', '=', 'd.id').whereRef('p.gps_time', '=', 's.last_time').as('fix_type'),
          eb
            .selectFrom('warning as w')
            .select((w) => w.fn.countAll<number | string>().as('n'))
            .whereRef('w.device_id', '=', 'd.id')
            .where('w.deal_status', '=', 0)
            .where((w) => inScope(w, 'w.dept_id', scope))
            .as('open_warnings'),
        ])
        .where('d.id', '=', deviceId)
        .executeTakeFirst();
    },

    /** The other devices on the same car, wired first. */
    siblings(scope: Scope, carId: number, deviceId: number) {
      return db
        .selectFrom('device as d')
        .select(['d.device_number', 'd.kind'])
        .where((eb) => inScope(eb, 'd.dept_id', scope))
        .where('d.car_id', '=', carId)
        .where('d.id', '<>', deviceId)
        .orderBy('d.kind')
        .orderBy('d.id')
        .execute();
    },

    /** Devices by the start of their number, or by plate, frame number or customer name anywhere; number matches first. */
    /** The console's one vehicle search (lib/vehicle-search.ts), as the top bar's quick search finds them. */
    search(scope: Scope, keyword: string, limit: number): Promise<SearchRow[]> {
      return located(scope)
        .leftJoin('customer as cust', 'cust.id', 'car.customer_id')
        .select(['d.device_number', 'd.kind', 's.last_time', 's.heard_at', 's.speed', 'car.plate_number', 'car.frame_number', 'cust.name as customer_name'])
        .where(matchesVehicle(db, scope, keyword))
        .orderBy(numberMatchesFirst(db, keyword))
        .orderBy('d.device_number')
        .limit(limit)
        .execute();
    },

    /** Ids of the devices (of any scope) that time alone turned offline between `from` and `to`. */
    async wentOffline(scope: Scope, from: number, to: number): Promise<number[]> {
      const rows = await db
        .selectFrom('device as d')
        .innerJoin('device_status as s', 's.device_id', 'd.id')
        .select('d.id')
        .where((eb) => inScope(eb, 'd.dept_id', scope))
        .where(wentOfflineCondition(from, to))
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

export type MonitorRepository = ReturnType<typeof createMonitorRepository>;
