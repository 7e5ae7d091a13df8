import { warningTimeRange, type WarningExportQuery } from '@cvrisk/contracts';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type WarningRow = {
  id: number;
  warning_type: number;
  risk_level: number;
  deal_status: number;
  compound: number;
  warning_time: number;
  dept_id: number;
  car_id: number | null;
  deal_time: number | null;
  deal_description: string | null;
  device_number: string;
  plate_number: string | null;
  frame_number: string | null;
  customer_name: string | null;
  phone: string | null;
  dept_name: string;
  deal_user_name: string | null;
};

const columns = [
  'w.id', 'w.warning_type', 'w.risk_level', 'w.deal_status', 'w.compound', 'w.warning_time', 'w.dept_id', 'w.car_id',
  'w.deal_time', 'w.deal_description', 'd.device_number', 'car.plate_number', 'car.frame_number as frame_number',
  'cust.name as customer_name', 'cust.phone', 'dealer.name as dept_name', 'u.realname as deal_user_name',
] as const;

export type Filters = Omit<WarningExportQuery, 'sortField' | 'sortOrder'>;
/** Filters with the text filters' matches resolved to ids where they are few. */
export type Narrowed = Filters & { deviceIds?: number[]; customerIds?: number[] };

/** Up to this many devices or customers matched by a text filter are named by id. */
const NAMED_IDS = 500;

/** `column IN (ids)`; no ids matches nothing. */
const idIn = (eb: ExpressionBuilder<any, any>, column: string, ids: number[]) => (ids.length === 0 ? sql<SqlBool>`1 = 0` : eb(eb.ref(column), 'in', ids));
export type Sort = Pick<WarningExportQuery, 'sortField' | 'sortOrder'>;

/**
 * The list's order as the list and the export both read it: by severity if asked (1 is high, so
 * "descending severity" is ascending codes), then (warning_time, id) in one direction — newest first
 * within a level, else the direction asked. One direction over (time, id) is what lets the export
 * page by a row value; the level, a code of three values, it pages one value at a time.
 */
function sortKey(s: Sort): { level?: 'asc' | 'desc'; time: 'asc' | 'desc' } {
  const dir = s.sortOrder ?? 'desc';
  if (s.sortField === 'riskLevel') return { level: dir === 'desc' ? 'asc' : 'desc', time: 'desc' };
  return { time: dir };
}

/**
 * Once a keyset cursor on (warning_time, id) is set, it already bounds the time on the side paging
 * comes from. Left in, that filter bound is where SQLite enters the time index, so every page re-walked
 * the rows already exported (a 900,000-deep page: 65 ms instead of 1.1 ms); left out, it enters at the cursor.
 */
type ImpliedBound = 'from' | 'to';

/** `bulk` serves the exports' long reads (see DatabaseHandle.bulk); everything else reads `db`. */
export function createWarningRepository(db: Db, bulk: Db = db) {
  /**
   * The caller's warnings under the filters, on the warning table alone (so the count reads indexes
   * only). Text filters pick devices or customers first: those tables are small, warnings are not.
   * `implied`: the time bound a keyset cursor already implies, left out (see ImpliedBound).
   */
  function filtered(scope: Scope, f: Narrowed, source: Db = db, implied?: ImpliedBound) {
    let q = source.selectFrom('warning as w').where((eb) => inScope(eb, 'w.dept_id', scope));
    if (f.warningType !== undefined) q = q.where('w.warning_type', '=', f.warningType);
    if (f.dealStatus !== undefined) q = q.where('w.deal_status', '=', f.dealStatus);
    if (f.riskLevel !== undefined) q = q.where('w.risk_level', '=', f.riskLevel);
    if (f.deptId !== undefined) q = q.where(inDeptSubtree('w.dept_id', f.deptId));
    const { from, to } = warningTimeRange(f);
    if (from !== undefined && implied !== 'from') q = q.where('w.warning_time', '>=', from);
    if (to !== undefined && implied !== 'to') q = q.where('w.warning_time', '<=', to);
    const phone = f.customerPhone;
    if (f.customerIds) q = q.where((eb) => idIn(eb, 'w.customer_id', f.customerIds!));
    else if (phone) q = q.where('w.customer_id', 'in', (eb) => eb.selectFrom('customer').select('id').where(contains('phone', phone)));
    const number = f.deviceNumber;
    if (f.deviceIds) q = q.where((eb) => idIn(eb, 'w.device_id', f.deviceIds!));
    else if (number) q = q.where('w.device_id', 'in', (eb) => eb.selectFrom('device').select('id').where(contains('device_number', number)));
    return q;
  }

  /**
   * The devices and customers a text filter matches, named by id when they are few: with a list of
   * ids the planner reads each one's warnings through its index; with a subquery it may walk the whole
   * time index looking for them (5× slower on a million warnings).
   */
  async function narrowed(f: Filters): Promise<Narrowed> {
    const few = async (rows: Promise<{ id: number }[]>) => {
      const ids = (await rows).map((r) => r.id);
      return ids.length <= NAMED_IDS ? ids : undefined;
    };
    const [deviceIds, customerIds] = await Promise.all([
      f.deviceNumber ? few(db.selectFrom('device').select('id').where(contains('device_number', f.deviceNumber)).limit(NAMED_IDS + 1).execute()) : undefined,
      f.customerPhone ? few(db.selectFrom('customer').select('id').where(contains('phone', f.customerPhone)).limit(NAMED_IDS + 1).execute()) : undefined,
    ]);
    return { ...f, deviceIds, customerIds };
  }

  /** The list's columns: device, car, customer, dealer and the handler's name. */
  function withColumns(q: ReturnType<typeof filtered>) {
    return q
      .innerJoin('device as d', 'd.id', 'w.device_id')
      .innerJoin('dept as dealer', 'dealer.id', 'w.dept_id')
      .leftJoin('car', 'car.id', 'w.car_id')
      .leftJoin('customer as cust', 'cust.id', 'w.customer_id')
      .leftJoin('app_user as u', 'u.id', 'w.deal_user_id')
      .select(columns);
  }

  /** The list's order, flattened: the severity level first if sorted by it, then (warning_time, id). */
  function orderOf(s: Sort): [`w.${'risk_level' | 'warning_time' | 'id'}`, 'asc' | 'desc'][] {
    const { level, time } = sortKey(s);
    const tail: [`w.${'warning_time' | 'id'}`, 'asc' | 'desc'][] = [['w.warning_time', time], ['w.id', time]];
    return level ? [['w.risk_level', level], ...tail] : tail;
  }

  return {
    /**
     * One page: its ids first, from the warning table and its indexes alone, then the columns of just
     * those rows. Joining before the offset would join every skipped row too (page 1,000 skips 10,000).
     */
    narrowed,

    /** `f` as `narrowed` gives it: a page and its count resolve the text filters once between them. */
    async page(scope: Scope, f: Narrowed, s: Sort, offset: number, limit: number): Promise<WarningRow[]> {
      const order = orderOf(s);
      let ids = filtered(scope, f).select('w.id');
      for (const [column, dir] of order) ids = ids.orderBy(column, dir);
      const chosen = (await ids.offset(offset).limit(limit).execute()).map((r) => r.id);
      if (chosen.length === 0) return [];
      let q = withColumns(db.selectFrom('warning as w').where('w.id', 'in', chosen));
      for (const [column, dir] of order) q = q.orderBy(column, dir);
      return (await q.execute()) as WarningRow[];
    },

    async count(scope: Scope, f: Narrowed): Promise<number> {
      const total = await filtered(scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(total.n);
    },

    /**
     * Every matching warning in the list's order for `s` (sortKey), a page at a time, by keyset so
     * pages never shift and a million rows stay linear: a row value on (warning_time, id), and when
     * sorted by severity one level at a time, the next level found once the current one runs out.
     */
    async *pages(scope: Scope, f: Filters, s: Sort, size = 250): AsyncGenerator<WarningRow[]> {
      const { level: levelDir, time: dir } = sortKey(s);
      const n = await narrowed(f);
      const nextLevel = async (past?: number) => {
        let q = filtered(scope, n, bulk).select('w.risk_level');
        if (past !== undefined) q = q.where('w.risk_level', levelDir === 'asc' ? '>' : '<', past);
        return (await q.orderBy('w.risk_level', levelDir).limit(1).executeTakeFirst())?.risk_level;
      };
      let level = levelDir ? await nextLevel() : undefined;
      if (levelDir && level === undefined) return;
      let after: { time: number; id: number } | null = null;
      for (;;) {
        let q = filtered(scope, n, bulk, after ? (dir === 'desc' ? 'to' : 'from') : undefined);
        if (level !== undefined) q = q.where('w.risk_level', '=', level);
        if (after) {
          const { time, id } = after;
          // A row value, so the index is entered at the key: the OR form made SQLite walk it from the top every page.
          q = q.where((eb) => eb(eb.refTuple('w.warning_time', 'w.id'), dir === 'desc' ? '<' : '>', eb.tuple(time, id)));
        }
        const rows = (await withColumns(q).orderBy('w.warning_time', dir).orderBy('w.id', dir).limit(size).execute()) as WarningRow[];
        if (rows.length > 0) yield rows;
        if (rows.length < size) {
          if (level === undefined) return;
          level = await nextLevel(level);
          if (level === undefined) return;
          after = null;
          continue;
        }
        const last = rows[rows.length - 1]!;
        after = { time: last.warning_time, id: last.id };
      }
    },

    /**
     * Per-customer counts by type under the filters, for the customers in scope a page at a time in
     * id order (keyset on the id), so the export never holds more than one page. Customers without
     * a matching warning are left out by the caller.
     */
    async *customerPages(scope: Scope, f: Filters, size = 1000) {
      let after = 0;
      const n = await narrowed(f);
      for (;;) {
        const people = await bulk
          .selectFrom('customer as c')
          .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
          .select(['c.id', 'c.name', 'c.phone', 'dealer.name as dept_name'])
          .where((eb) => inScope(eb, 'c.dept_id', scope))
          .where('c.id', '>', after)
          .orderBy('c.id')
          .limit(size)
          .execute();
        if (people.length === 0) return;
        after = people[people.length - 1]!.id;
        const counts = await filtered(scope, n, bulk)
          .where('w.customer_id', 'in', people.map((p) => p.id))
          .select((eb) => [
            'w.customer_id',
            'w.warning_type',
            eb.fn.countAll<number>().as('total'),
            eb.fn.sum<number>(eb.case().when('w.deal_status', '=', 0).then(1).else(0).end()).as('unhandled'),
          ])
          .groupBy(['w.customer_id', 'w.warning_type'])
          .execute();
        if (counts.length === 0) continue;
        yield { people, counts: counts.map((r) => ({ customerId: r.customer_id!, warningType: r.warning_type, total: Number(r.total), unhandled: Number(r.unhandled) })) };
      }
    },

    /** The warning to handle, if the caller may see it, with who handled it if someone did. */
    /**
     * The operator's next warning after (time, id): the first unhandled one in scope below it in the
     * list's default order (newest first), else the newest unhandled one above it.
     */
    async nextUnhandled(scope: Scope, after: { time: number; id: number }): Promise<WarningRow | undefined> {
      const open = () => filtered(scope, { dealStatus: 0 });
      const newestFirst = (q: ReturnType<typeof filtered>) => withColumns(q).orderBy('w.warning_time', 'desc').orderBy('w.id', 'desc').limit(1);
      const below = open().where((eb) => eb(eb.refTuple('w.warning_time', 'w.id'), '<', eb.tuple(after.time, after.id)));
      return ((await newestFirst(below).executeTakeFirst()) ?? (await newestFirst(open().where('w.id', '<>', after.id)).executeTakeFirst())) as WarningRow | undefined;
    },

    findForDeal(scope: Scope, id: number) {
      return db
        .selectFrom('warning as w')
        .innerJoin('device as d', 'd.id', 'w.device_id')
        .leftJoin('app_user as u', 'u.id', 'w.deal_user_id')
        .select(['w.id', 'w.dept_id', 'w.device_id', 'w.warning_type', 'w.warning_time', 'w.deal_status', 'w.deal_time', 'd.device_number', 'u.realname as deal_user_name'])
        .where('w.id', '=', id)
        .where((eb) => inScope(eb, 'w.dept_id', scope))
        .executeTakeFirst();
    },

    /** Which of these ids the caller may see, and their state. */
    findManyForDeal(scope: Scope, ids: number[]) {
      return db.selectFrom('warning as w').select(['w.id', 'w.deal_status']).where('w.id', 'in', ids).where((eb) => inScope(eb, 'w.dept_id', scope)).execute();
    },

    /** The device's unhandled warnings of one type, newest first. */
    async openOfDevice(scope: Scope, deviceNumber: string, warningType: number) {
      const q = filtered(scope, {})
        .where('w.device_id', 'in', (eb) => eb.selectFrom('device').select('id').where('device_number', '=', deviceNumber))
        .where('w.warning_type', '=', warningType)
        .where('w.deal_status', '=', 0);
      return (await withColumns(q).orderBy('w.warning_time', 'desc').orderBy('w.id', 'desc').limit(1000).execute()) as WarningRow[];
    },

    carInScope(scope: Scope, carId: number) {
      return db.selectFrom('car').select('id').where('id', '=', carId).where((eb) => inScope(eb, 'car.dept_id', scope)).executeTakeFirst();
    },

    countsOfCar(scope: Scope, carId: number) {
      return filtered(scope, {})
        .where('w.car_id', '=', carId)
        .select((eb) => [
          'w.warning_type',
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('w.deal_status', '=', 0).then(1).else(0).end()).as('unhandled'),
        ])
        .groupBy('w.warning_type')
        .execute();
    },

    /**
     * Devices in scope whose number, car (plate, frame) or customer (name, phone) contains the text;
     * then their newest warnings. Two steps: a text search over 1,000,000 warnings would not be quick.
     */
    async quick(scope: Scope, text: string, limit: number) {
      const devices = await db
        .selectFrom('device as d')
        .leftJoin('car', 'car.id', 'd.car_id')
        .leftJoin('customer as cust', 'cust.id', 'car.customer_id')
        .select('d.id')
        .where((eb) => inScope(eb, 'd.dept_id', scope))
        .where((eb) =>
          eb.or([contains('d.device_number', text), contains('car.plate_number', text), contains('car.frame_number', text), contains('cust.name', text), contains('cust.phone', text)]),
        )
        .limit(500)
        .execute();
      if (devices.length === 0) return [];
      const q = filtered(scope, {}).where('w.device_id', 'in', devices.map((d) => d.id));
      return (await withColumns(q).orderBy('w.warning_time', 'desc').orderBy('w.id', 'desc').limit(limit).execute()) as WarningRow[];
    },
  };
}

export type WarningRepository = ReturnType<typeof createWarningRepository>;
