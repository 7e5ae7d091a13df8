import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { contains } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { ownOrShared, type Viewer } from '../../lib/shared-scope.js';

export type FenceRow = {
  id: number;
  dept_id: number;
  dept_name: string;
  name: string;
  shape: string;
  geometry: string;
  alarm_on: string;
  created_at: number;
  bound_count: number;
};

/** What a save writes: the geometry already as its stored JSON. */
export type FenceValues = { name: string; shape: string; geometry: string; alarm_on: string };

export type BoundCarRow = {
  device_number: string;
  kind: number;
  plate_number: string | null;
  frame_number: string | null;
  customer_name: string | null;
  created_at: number;
};

export function createFenceRepository(db: Db) {
  /** Fences the viewer may see (own and shared), with their department. */
  const visible = (viewer: Viewer) =>
    db.selectFrom('fence as f').innerJoin('dept', 'dept.id', 'f.dept_id').where((eb) => ownOrShared(eb, 'f.dept_id', viewer));

  /** Bound devices counted within the viewer's scope: a shared fence's other dealers stay invisible. */
  const boundCount = (scope: Scope) => (eb: ExpressionBuilder<DB & { f: DB['fence'] }, 'f'>) =>
    eb
      .selectFrom('fence_binding as b')
      .innerJoin('device as d', 'd.id', 'b.device_id')
      .whereRef('b.fence_id', '=', 'f.id')
      .where((w) => inScope(w, 'd.dept_id', scope))
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('bound_count');

  const columns = ['f.id', 'f.dept_id', 'dept.name as dept_name', 'f.name', 'f.shape', 'f.geometry', 'f.alarm_on', 'f.created_at'] as const;

  // PostgreSQL answers count(*) as bigint: make it a number on both engines.
  const normalise = (r: Omit<FenceRow, 'bound_count'> & { bound_count: unknown }): FenceRow => ({ ...r, bound_count: Number(r.bound_count ?? 0) });

  return {
    async page(viewer: Viewer, name: string | undefined, offset: number, limit: number) {
      let q = visible(viewer);
      if (name) q = q.where(contains('f.name', name));
      const [rows, total] = await Promise.all([
        q.select(columns).select(boundCount(viewer.scope)).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(normalise), count: Number(total.n) };
    },

    async find(viewer: Viewer, id: number): Promise<FenceRow | undefined> {
      const row = await visible(viewer).select(columns).select(boundCount(viewer.scope)).where('f.id', '=', id).executeTakeFirst();
      return row && normalise(row);
    },

    /** Of these ids, the fences that are the caller's own. */
    async ownIds(scope: Scope, ids: number[]): Promise<number[]> {
      const rows = await db.selectFrom('fence').select('id').where('id', 'in', ids).where((eb) => inScope(eb, 'dept_id', scope)).execute();
      return rows.map((r) => r.id);
    },

    async nameTaken(deptId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('fence').select('id').where('dept_id', '=', deptId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(deptId: number, values: FenceValues, now: number): Promise<number> {
      const { id } = await db.insertInto('fence').values({ ...values, dept_id: deptId, created_at: now }).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** Updates one of the caller's own fences; false when it is not theirs (or does not exist). */
    async updateOwn(scope: Scope, id: number, values: FenceValues): Promise<boolean> {
      const r = await db.updateTable('fence').set(values).where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Deletes the caller's own fences among `ids` with their bindings; answers how many went. */
    deleteOwn(scope: Scope, ids: number[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const own = trx.selectFrom('fence').select('id').where('id', 'in', ids).where((eb) => inScope(eb, 'dept_id', scope));
        await trx.deleteFrom('fence_binding').where('fence_id', 'in', own).execute();
        const r = await trx.deleteFrom('fence').where('id', 'in', ids).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    /** Cars bound to the fence whose devices are in the caller's scope, most recently bound first. */
    async boundCars(scope: Scope, fenceId: number, offset: number, limit: number) {
      const q = db
        .selectFrom('fence_binding as b')
        .innerJoin('device as d', 'd.id', 'b.device_id')
        .leftJoin('car', 'car.id', 'd.car_id')
        .leftJoin('customer as c', 'c.id', 'car.customer_id')
        .where('b.fence_id', '=', fenceId)
        .where((eb) => inScope(eb, 'd.dept_id', scope));
      const [rows, total] = await Promise.all([
        q.select(['d.device_number', 'd.kind', 'car.plate_number', 'car.frame_number', 'c.name as customer_name', 'b.created_at'])
          .orderBy('b.created_at', 'desc').orderBy('d.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as BoundCarRow[], count: Number(total.n) };
    },

    /** Visible fences by name, newest first; `bound` says whether the device (if given) is bound to each. */
    async quick(viewer: Viewer, keyword: string | undefined, deviceId: number | null, limit: number) {
      let q = visible(viewer);
      if (keyword) q = q.where(contains('f.name', keyword));
      const bound = (eb: ExpressionBuilder<DB & { f: DB['fence'] }, 'f'>) =>
        deviceId === null
          ? sql<number>`0`.as('bound')
          : eb.exists(eb.selectFrom('fence_binding as b').select('b.fence_id').whereRef('b.fence_id', '=', 'f.id').where('b.device_id', '=', deviceId)).as('bound');
      const rows = await q
        .select(['f.id', 'f.name', 'f.shape', 'f.alarm_on'])
        .select(bound)
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .limit(limit)
        .execute();
      // SQLite answers exists() as 0/1, PostgreSQL as a boolean.
      return rows.map((r) => ({ ...r, bound: Boolean(Number(r.bound)) }));
    },

    /** The caller's devices among these numbers. */
    devicesInScope(scope: Scope, numbers: string[]): Promise<{ id: number; device_number: string }[]> {
      return db.selectFrom('device').select(['id', 'device_number']).where('device_number', 'in', numbers).where((eb) => inScope(eb, 'dept_id', scope)).execute();
    },

    /** Binds the devices; ones already bound stay as they were. Answers how many were newly bound. */
    async bind(fenceId: number, deviceIds: number[], now: number): Promise<number> {
      const r = await db
        .insertInto('fence_binding')
        .values(deviceIds.map((id) => ({ fence_id: fenceId, device_id: id, created_at: now })))
        .onConflict((oc) => oc.columns(['fence_id', 'device_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0);
    },

    async unbind(fenceId: number, deviceIds: number[]): Promise<number> {
      const r = await db.deleteFrom('fence_binding').where('fence_id', '=', fenceId).where('device_id', 'in', deviceIds).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type FenceRepository = ReturnType<typeof createFenceRepository>;
