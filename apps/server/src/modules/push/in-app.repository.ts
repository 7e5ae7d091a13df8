import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { inSelfOrAncestors } from '../../lib/shared-scope.js';

/** A department's choice about one warning type, with how deep the department sits (deeper = nearer). */
export type InAppRow = {
  dept_id: number; dept_name: string; depth: number; warning_type: number; enabled: number; updated_by_name: string | null; updated_at: number;
};

/** The in-app channel's settings (029 push_in_app): a row per department and type that chose; none = as above. */
export function createInAppRepository(db: Db) {
  return {
    /** A department in the caller's scope, or nothing. */
    dept(scope: Scope, deptId: number) {
      return db.selectFrom('dept').select(['id', 'name']).where('id', '=', deptId).where((eb) => inScope(eb, 'id', scope)).executeTakeFirst();
    },

    /** The choices of this department and of every department above it: together they decide for it. */
    chain(deptId: number): Promise<InAppRow[]> {
      return db.selectFrom('push_in_app as p')
        .innerJoin('dept as a', 'a.id', 'p.dept_id')
        .leftJoin('app_user as u', 'u.id', 'p.updated_by')
        .select(['p.dept_id', 'a.name as dept_name', sql<number>`length(a.path)`.as('depth'), 'p.warning_type', 'p.enabled', 'u.realname as updated_by_name', 'p.updated_at'])
        .where(inSelfOrAncestors('p.dept_id', deptId))
        .execute();
    },

    /**
     * The departments whose users are not told in-app of this type: those whose nearest choosing
     * department (itself or above) switched it off. One query per new warning, none of it per user.
     */
    async mutedDepts(warningType: number): Promise<Set<number>> {
      const rows = await sql<{ id: number }>`select d.id from dept d where (
          select p.enabled from push_in_app p inner join dept a on a.id = p.dept_id
          where p.warning_type = ${warningType} and d.path like a.path || '%'
          order by length(a.path) desc limit 1
        ) = 0`.execute(db);
      return new Set(rows.rows.map((r) => Number(r.id)));
    },

    async set(deptId: number, warningType: number, enabled: boolean, userId: number, now: number): Promise<void> {
      const values = { enabled: enabled ? 1 : 0, updated_by: userId, updated_at: now };
      await db.insertInto('push_in_app').values({ dept_id: deptId, warning_type: warningType, ...values })
        .onConflict((oc) => oc.columns(['dept_id', 'warning_type']).doUpdateSet(values))
        .execute();
    },

    async clear(deptId: number, warningType: number): Promise<boolean> {
      const r = await db.deleteFrom('push_in_app').where('dept_id', '=', deptId).where('warning_type', '=', warningType).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type InAppRepository = ReturnType<typeof createInAppRepository>;
