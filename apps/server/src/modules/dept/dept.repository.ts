import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type DeptRow = { id: number; parent_id: number | null; name: string; kind: string; city: string | null; path: string };

export function createDeptRepository(db: Db) {
  return {
    listInScope(scope: Scope): Promise<DeptRow[]> {
      return db
        .selectFrom('dept')
        .select(['id', 'parent_id', 'name', 'kind', 'city', 'path'])
        .where((eb) => inScope(eb, 'dept.id', scope))
        .orderBy('id')
        .execute();
    },
    /** The department of a user the caller can see, or nothing. */
    findUserDept(scope: Scope, userId: number): Promise<{ dept_id: number; path: string } | undefined> {
      return db
        .selectFrom('app_user as u')
        .innerJoin('dept as d', 'd.id', 'u.dept_id')
        .select(['u.dept_id', 'd.path'])
        .where('u.id', '=', userId)
        .where((eb) => inScope(eb, 'u.dept_id', scope))
        .executeTakeFirst();
    },
  };
}

export type DeptRepository = ReturnType<typeof createDeptRepository>;
