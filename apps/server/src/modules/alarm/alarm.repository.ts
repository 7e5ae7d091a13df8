import { parseTime, type AlarmExportQuery } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type AlarmRow = {
  id: number;
  alarm_type: number;
  start_time: number;
  end_time: number | null;
  lng: number;
  lat: number;
  dept_id: number;
  device_number: string;
  kind: number;
  plate_number: string | null;
  customer_name: string | null;
  dept_name: string;
};

const columns = [
  'a.id', 'a.alarm_type', 'a.start_time', 'a.end_time', 'a.lng', 'a.lat', 'a.dept_id',
  'd.device_number', 'd.kind', 'car.plate_number', 'cust.name as customer_name', 'dealer.name as dept_name',
] as const;

export function createAlarmRepository(db: Db) {
  /** The caller's alarms under the filters; the time range bounds the start, served by (dept_id, start_time). */
  function filtered(scope: Scope, f: AlarmExportQuery) {
    let q = db
      .selectFrom('device_alarm as a')
      .innerJoin('device as d', 'd.id', 'a.device_id')
      .innerJoin('dept as dealer', 'dealer.id', 'a.dept_id')
      .leftJoin('car', 'car.id', 'd.car_id')
      .leftJoin('customer as cust', 'cust.id', 'car.customer_id')
      .where((eb) => inScope(eb, 'a.dept_id', scope));
    if (f.alarmType !== undefined) q = q.where('a.alarm_type', '=', f.alarmType);
    if (f.deviceNumber) q = q.where(contains('d.device_number', f.deviceNumber));
    if (f.plateNumber) q = q.where(contains('car.plate_number', f.plateNumber));
    if (f.deptId) q = q.where(inDeptSubtree('a.dept_id', f.deptId));
    if (f.beginDate) q = q.where('a.start_time', '>=', parseTime(f.beginDate)!);
    if (f.endDate) q = q.where('a.start_time', '<=', parseTime(f.endDate)!);
    if (f.state === 'open') q = q.where('a.end_time', 'is', null);
    if (f.state === 'closed') q = q.where('a.end_time', 'is not', null);
    return q;
  }

  return {
    async page(scope: Scope, f: AlarmExportQuery, offset: number, limit: number) {
      const q = filtered(scope, f);
      const [rows, total] = await Promise.all([
        q.select(columns).orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as AlarmRow[], count: Number(total.n) };
    },

    /** Every matching alarm in list order, a page at a time, keyed on (start_time, id) so pages never shift. */
    async *pages(scope: Scope, f: AlarmExportQuery, size = 2000): AsyncGenerator<AlarmRow[]> {
      let after: { start: number; id: number } | null = null;
      for (;;) {
        let q = filtered(scope, f).select(columns);
        if (after) {
          const { start, id } = after;
          // A row value, so the index is entered at the key: the OR form made SQLite walk it from the top every page.
          q = q.where((eb) => eb(eb.refTuple('a.start_time', 'a.id'), '<', eb.tuple(start, id)));
        }
        const rows = (await q.orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(size).execute()) as AlarmRow[];
        if (rows.length === 0) return;
        yield rows;
        const last = rows[rows.length - 1]!;
        after = { start: last.start_time, id: last.id };
      }
    },
  };
}

export type AlarmRepository = ReturnType<typeof createAlarmRepository>;
