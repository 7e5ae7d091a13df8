import { DeviceKind, parseTime, type DevLatestExportQuery, type DeviceState } from '@cvrisk/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { stateCondition } from './device-state.js';

export type DeviceRow = {
  id: number;
  device_number: string;
  kind: number;
  model: string;
  iccid: string;
  dept_id: number;
  dept_name: string;
  finance_name: string | null;
  car_id: number | null;
  frame_number: string | null;
  plate_number: string | null;
  customer_name: string | null;
  install_time: number | null;
  last_time: number | null;
  heard_at: number | null;
  lng: number | null;
  lat: number | null;
  speed: number | null;
  direction: number | null;
  acc: number | null;
  battery: number | null;
  signal: number | null;
  satellites: number | null;
  registered_at: number | null;
  invalid_positions: number;
  last_invalid_at: number | null;
  last_invalid_reason: string | null;
  retired_at: number | null;
  register_open_until: number | null;
  register_opened_for: string | null;
  register_refusals: number;
  last_register_refused_at: number | null;
  last_register_refused_reason: string | null;
};

/** Newest device first (the device list), or the most recent report first (the latest-position list). */
export type DeviceOrder = 'id' | 'lastTime';

export function createDeviceRepository(db: Db) {
  /** Devices in scope joined to what the list shows, narrowed by the filters. */
  function filtered(scope: Scope, f: Partial<DevLatestExportQuery>, now: number) {
    let q = db
      .selectFrom('device as d')
      .innerJoin('dept as dealer', 'dealer.id', 'd.dept_id')
      .leftJoin('dept as fin', 'fin.id', 'dealer.parent_id')
      .leftJoin('car', 'car.id', 'd.car_id')
      .leftJoin('customer as cust', 'cust.id', 'car.customer_id')
      .leftJoin('device_status as s', 's.device_id', 'd.id')
      .where((eb) => inScope(eb, 'd.dept_id', scope));
    if (f.deviceNumber) q = q.where(contains('d.device_number', f.deviceNumber));
    if (f.deviceKind) q = q.where('d.kind', '=', f.deviceKind);
    if (f.state) q = q.where(stateCondition(f.state, now));
    if (f.deptId) q = q.where(inDeptSubtree('d.dept_id', f.deptId));
    if (f.carFrameNumber) q = q.where(contains('car.frame_number', f.carFrameNumber));
    if (f.customerName) q = q.where(contains('cust.name', f.customerName));
    if (f.installTimeStart) q = q.where('d.install_time', '>=', parseTime(f.installTimeStart)!);
    if (f.installTimeEnd) q = q.where('d.install_time', '<=', parseTime(f.installTimeEnd)!);
    if (f.lastTimeStart) q = q.where('s.last_time', '>=', parseTime(f.lastTimeStart)!);
    if (f.lastTimeEnd) q = q.where('s.last_time', '<=', parseTime(f.lastTimeEnd)!);
    return q;
  }

  const columns = [
    'd.id', 'd.device_number', 'd.kind', 'd.model', 'd.iccid', 'd.dept_id', 'dealer.name as dept_name',
    'fin.name as finance_name', 'd.car_id', 'car.frame_number', 'car.plate_number', 'cust.name as customer_name',
    'd.install_time', 's.last_time', 's.heard_at', 's.lng', 's.lat', 's.speed', 's.direction', 's.acc', 's.battery', 's.signal', 's.satellites',
    'd.registered_at', 'd.invalid_positions', 'd.last_invalid_at', 'd.last_invalid_reason', 'd.retired_at',
    'd.register_open_until', 'd.register_opened_for', 'd.register_refusals', 'd.last_register_refused_at', 'd.last_register_refused_reason',
  ] as const;

  return {
    async page(scope: Scope, f: DevLatestExportQuery, offset: number, limit: number, now: number, order: DeviceOrder = 'id') {
      const q = filtered(scope, f, now);
      let rowsQuery = q.select(columns);
      if (order === 'lastTime') rowsQuery = rowsQuery.orderBy(sql`s.last_time desc nulls last`);
      const [rows, total] = await Promise.all([
        rowsQuery.orderBy('d.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as DeviceRow[], count: Number(total.n) };
    },

    /** Keyset pages for exports: no OFFSET scan, however deep the file goes. */
    async *pages(scope: Scope, f: DevLatestExportQuery, now: number, size = 2000): AsyncGenerator<DeviceRow[]> {
      // Keyset on the id; the first page has no bound (PostgreSQL integers cannot compare to 2^53).
      let before: number | null = null;
      for (;;) {
        let q = filtered(scope, f, now).select(columns);
        if (before !== null) q = q.where('d.id', '<', before);
        const rows = (await q.orderBy('d.id', 'desc').limit(size).execute()) as DeviceRow[];
        if (rows.length === 0) return;
        yield rows;
        before = rows[rows.length - 1]!.id;
      }
    },

    byNumbers(scope: Scope, numbers: string[], now: number): Promise<DeviceRow[]> {
      return filtered(scope, {}, now).select(columns).where('d.device_number', 'in', numbers).orderBy('d.id').execute() as Promise<DeviceRow[]>;
    },

    /** The device of that number if it is in the caller's scope. */
    findInScope(scope: Scope, number: string) {
      return db
        .selectFrom('device as d')
        .select(['d.id', 'd.device_number', 'd.registered_at', 'd.retired_at'])
        .where('d.device_number', '=', number)
        .where((eb) => inScope(eb, 'd.dept_id', scope))
        .executeTakeFirst();
    },

    /** Forgets the terminal's auth code and opens its registration window: its next registration, until then, is accepted. */
    async resetRegistration(id: number, until: number, trx: Db = db): Promise<void> {
      await trx
        .updateTable('device')
        .set({ auth_code_hash: null, registered_at: null, register_open_until: until, register_opened_for: 'reset' })
        .where('id', '=', id)
        .execute();
    },

    async countByState(scope: Scope, now: number): Promise<Record<DeviceState, number> & { wired: number; wireless: number }> {
      const base = () => filtered(scope, {}, now).select((eb) => eb.fn.countAll<number>().as('n'));
      const count = async (q: ReturnType<typeof base>) => Number((await q.executeTakeFirstOrThrow()).n);
      const [moving, parked, offline, never, wired, wireless] = await Promise.all([
        count(base().where(stateCondition('moving', now))),
        count(base().where(stateCondition('parked', now))),
        count(base().where(stateCondition('offline', now))),
        count(base().where(stateCondition('never', now))),
        count(base().where('d.kind', '=', DeviceKind.wired)),
        count(base().where('d.kind', '=', DeviceKind.wireless)),
      ]);
      return { moving, parked, offline, never, wired, wireless };
    },
  };
}

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
