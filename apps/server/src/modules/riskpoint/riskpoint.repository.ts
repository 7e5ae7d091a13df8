import { type RiskPointCategory, type RiskPointListQuery, type BoundingBox } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { contains } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { ownOrShared, type Ownership, type Viewer } from '../../lib/shared-scope.js';

export type RiskPointRow = {
  id: number;
  dept_id: number;
  dept_name: string;
  category: string;
  name: string;
  lng: number;
  lat: number;
  address: string;
  created_at: number;
};

export type RiskPointValues = { name: string; category: RiskPointCategory; lng: number; lat: number; address: string };

export function createRiskPointRepository(db: Db) {
  const visible = (viewer: Viewer, only?: Ownership) =>
    db.selectFrom('risk_point as p').innerJoin('dept', 'dept.id', 'p.dept_id').where((eb) => ownOrShared(eb, 'p.dept_id', viewer, only));

  const columns = ['p.id', 'p.dept_id', 'dept.name as dept_name', 'p.category', 'p.name', 'p.lng', 'p.lat', 'p.address', 'p.created_at'] as const;

  return {
    async page(viewer: Viewer, f: RiskPointListQuery) {
      let q = visible(viewer, f.owner);
      if (f.name) q = q.where(contains('p.name', f.name));
      if (f.category) q = q.where('p.category', '=', f.category);
      const [rows, total] = await Promise.all([
        q.select(columns).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc')
          .offset((f.pageNumber - 1) * f.pageSize).limit(f.pageSize).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as RiskPointRow[], count: Number(total.n) };
    },

    /** Candidates inside the box; the caller measures the exact distance. */
    inBox(viewer: Viewer, only: Ownership, box: BoundingBox, category?: RiskPointCategory): Promise<RiskPointRow[]> {
      let q = visible(viewer, only)
        .where('p.lng', '>=', box.minLng).where('p.lng', '<=', box.maxLng)
        .where('p.lat', '>=', box.minLat).where('p.lat', '<=', box.maxLat);
      if (category) q = q.where('p.category', '=', category);
      return q.select(columns).execute() as Promise<RiskPointRow[]>;
    },

    find(viewer: Viewer, id: number): Promise<RiskPointRow | undefined> {
      return visible(viewer).select(columns).where('p.id', '=', id).executeTakeFirst() as Promise<RiskPointRow | undefined>;
    },

    async insert(deptId: number, userId: number, values: RiskPointValues, now: number): Promise<number> {
      const { id } = await db.insertInto('risk_point')
        .values({ ...values, dept_id: deptId, created_by: userId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** False when the point is not the caller's own (or does not exist). */
    async updateOwn(scope: Scope, id: number, values: RiskPointValues): Promise<boolean> {
      const r = await db.updateTable('risk_point').set(values).where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteOwn(scope: Scope, id: number): Promise<boolean> {
      const r = await db.deleteFrom('risk_point').where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type RiskPointRepository = ReturnType<typeof createRiskPointRepository>;
