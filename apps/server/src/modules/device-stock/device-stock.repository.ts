import { OrderState, type RegistrationWindowReason, type StockCountQuery, type StockListQuery, type StockState } from '@cvrisk/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { takeOffCars } from '../device/car-removal.js';
import { openRegistrationWindows } from '../device/registration-window.js';

/** Lookups of numbers and ICCIDs go this many at a time: well inside either engine's bound-parameter limit. */
const CHUNK = 500;

export type StockRow = {
  id: number;
  device_number: string;
  kind: number;
  model: string;
  iccid: string;
  dept_id: number;
  dept_name: string;
  dept_kind: string;
  parent_name: string | null;
  car_id: number | null;
  plate_number: string | null;
  install_time: number | null;
  created_at: number;
  held_by: number | null;
  retired_at: number | null;
  retired_by: string | null;
  retire_reason: string | null;
};

export type NewStockDevice = {
  device_number: string; kind: number; model: string; iccid: string; dept_id: number; created_at: number;
  /** The terminal's first registration is accepted until then (issue 28); with its terminal id when the sheet gave one. */
  register_open_until: number; register_opened_for: 'stock'; terminal_id: string | null;
};

/**
 * The states as conditions on `d`; retired is written exactly as the partial index of migration 023
 * is (`retired_at is not null`), so the planner can use it.
 */
function stateCondition(state: StockState): Expression<SqlBool> {
  if (state === 'stock') return sql<SqlBool>`d.car_id is null and d.retired_at is null`;
  if (state === 'retired') return sql<SqlBool>`d.retired_at is not null`;
  return sql<SqlBool>`d.car_id is not null and d.retired_at is null`;
}

export function createDeviceStockRepository(db: Db) {
  function filtered(scope: Scope, f: StockCountQuery) {
    let q = db.selectFrom('device as d').where((eb) => inScope(eb, 'd.dept_id', scope));
    if (f.deptId) q = q.where(inDeptSubtree('d.dept_id', f.deptId));
    if (f.deviceNumber) q = q.where(contains('d.device_number', f.deviceNumber));
    if (f.deviceKind) q = q.where('d.kind', '=', f.deviceKind);
    return q;
  }

  function withColumns(q: ReturnType<typeof filtered>) {
    return q
      .innerJoin('dept', 'dept.id', 'd.dept_id')
      .leftJoin('dept as parent', 'parent.id', 'dept.parent_id')
      .leftJoin('car', 'car.id', 'd.car_id')
      .select((eb) => [
        'd.id', 'd.device_number', 'd.kind', 'd.model', 'd.iccid', 'd.dept_id', 'dept.name as dept_name', 'dept.kind as dept_kind',
        'parent.name as parent_name', 'd.car_id', 'car.plate_number', 'd.install_time', 'd.created_at', 'd.retired_at', 'd.retired_by',
        'd.retire_reason',
        // An accepted install order the device is entered on (it is about to be fitted), if any.
        eb.selectFrom('dispatch_order_device as od').innerJoin('dispatch_order as o', 'o.id', 'od.order_id')
          .select((e) => e.fn.min('o.id').as('x')).whereRef('od.device_id', '=', 'd.id').where('o.state', '=', OrderState.accepted)
          .as('held_by'),
      ]);
  }

  const count = async (q: ReturnType<typeof filtered>) => Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  function listed(scope: Scope, f: StockListQuery) {
    const q = filtered(scope, f);
    return f.stockState ? q.where(stateCondition(f.stockState)) : q;
  }

  const pageQuery = (scope: Scope, f: StockListQuery) =>
    withColumns(listed(scope, f)).orderBy('d.id', 'desc').offset((f.pageNumber - 1) * f.pageSize).limit(f.pageSize);

  return {
    /** The page's query, for its plan to be checked. */
    pageQuery,

    async page(scope: Scope, f: StockListQuery): Promise<{ rows: StockRow[]; count: number }> {
      const [rows, total] = await Promise.all([pageQuery(scope, f).execute(), count(listed(scope, f))]);
      return { rows: rows as StockRow[], count: total };
    },

    /** Each state counted; installed is the rest, since every device is in exactly one of the three. */
    async counts(scope: Scope, f: StockCountQuery) {
      const [all, stock, retired] = await Promise.all([
        count(filtered(scope, f)),
        count(filtered(scope, f).where(stateCondition('stock'))),
        count(filtered(scope, f).where(stateCondition('retired'))),
      ]);
      return { stock, installed: all - stock - retired, retired };
    },

    /** Devices of the caller's scope among these ids, with what decides whether they may move or retire. */
    async inScope(scope: Scope, ids: number[]): Promise<StockRow[]> {
      const out: StockRow[] = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        out.push(...((await withColumns(filtered(scope, {})).where('d.id', 'in', ids.slice(i, i + CHUNK)).execute()) as StockRow[]));
      }
      return out;
    },

    dept(id: number) {
      return db.selectFrom('dept').select(['id', 'name', 'kind', 'path', 'disabled_at']).where('id', '=', id).executeTakeFirst();
    },

    /** A disabled department among these (a department and its ancestors). */
    disabledAmong(ids: number[]) {
      return db.selectFrom('dept').select('name').where('id', 'in', ids).where('disabled_at', 'is not', null).orderBy('id').executeTakeFirst();
    },

    /** Devices already filed under any of these numbers, whichever department holds them. */
    async existingNumbers(numbers: string[]) {
      const out: { device_number: string; dept_id: number; dept_name: string; retired_at: number | null }[] = [];
      for (let i = 0; i < numbers.length; i += CHUNK) {
        out.push(...(await db.selectFrom('device as d').innerJoin('dept', 'dept.id', 'd.dept_id')
          .select(['d.device_number', 'd.dept_id', 'dept.name as dept_name', 'd.retired_at'])
          .where('d.device_number', 'in', numbers.slice(i, i + CHUNK)).execute()));
      }
      return out;
    },

    /** Devices in service (not retired) whose SIM has one of these ICCIDs: a retired device's card may be reused. */
    async existingIccids(iccids: string[]) {
      const out: { iccid: string; device_number: string; dept_id: number }[] = [];
      for (let i = 0; i < iccids.length; i += CHUNK) {
        out.push(...(await db.selectFrom('device').select(['iccid', 'device_number', 'dept_id'])
          .where('iccid', 'in', iccids.slice(i, i + CHUNK)).where('retired_at', 'is', null).execute()));
      }
      return out;
    },

    /** Files the devices; a number taken meanwhile is skipped, and the count tells whether all were stored. */
    async insert(rows: NewStockDevice[]): Promise<number> {
      let stored = 0;
      // Nine columns a row: 500 rows stay under SQLite's and PostgreSQL's parameter limits.
      for (let i = 0; i < rows.length; i += CHUNK) {
        const done = await db.insertInto('device').values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, car_id: null, install_time: null })))
          .onConflict((oc) => oc.column('device_number').doNothing()).returning('id').execute();
        stored += done.length;
      }
      return stored;
    },

    /** Moves devices still in stock to a department; the count tells whether all of them still were. */
    async transfer(ids: number[], deptId: number): Promise<number> {
      const res = await db.updateTable('device').set({ dept_id: deptId })
        .where('id', 'in', ids).where('car_id', 'is', null).where('retired_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** Opens the registration window of the devices that are not registered yet. */
    openRegistration(ids: number[], reason: RegistrationWindowReason, until: number): Promise<void> {
      return openRegistrationWindows(db, ids, reason, until);
    },

    /**
     * Retires devices still as they were read — not retired, on no accepted order, and on a car exactly
     * when `installed` (so one fitted meanwhile is not retired unseen) — and takes the installed ones off
     * their cars; the count tells whether all of them still were as read.
     */
    async retire(ids: number[], by: { at: number; username: string; reason: string }, installed: boolean): Promise<number> {
      if (ids.length === 0) return 0;
      const res = await db.updateTable('device').set({ retired_at: by.at, retired_by: by.username, retire_reason: by.reason })
        .where('id', 'in', ids).where('retired_at', 'is', null).where('car_id', installed ? 'is not' : 'is', null)
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('dispatch_order_device as od').innerJoin('dispatch_order as o', 'o.id', 'od.order_id')
            .select('od.order_id').whereRef('od.device_id', '=', 'device.id').where('o.state', '=', OrderState.accepted),
        )))
        .executeTakeFirst();
      if (installed) await takeOffCars(db, ids);
      return Number(res.numUpdatedRows);
    },
  };
}

export type DeviceStockRepository = ReturnType<typeof createDeviceStockRepository>;
