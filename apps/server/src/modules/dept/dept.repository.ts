import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { deptDisabledFlag } from './dept-state.js';

export type DeptRow = { id: number; parent_id: number | null; name: string; kind: string; city: string | null; path: string; disabled: number };

export function createDeptRepository(db: Db) {
  return {
    listInScope(scope: Scope): Promise<DeptRow[]> {
      return db
        .selectFrom('dept')
        .select(['id', 'parent_id', 'name', 'kind', 'city', 'path', deptDisabledFlag('dept.path').as('disabled')])
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
    /** The department when in scope, with its ancestors' ids (the path). */
    findInScope(scope: Scope, deptId: number) {
      return db.selectFrom('dept').select(['id', 'kind', 'path']).where('id', '=', deptId).where((eb) => inScope(eb, 'dept.id', scope)).executeTakeFirst();
    },
    /** The finance institution among these departments (a path's ids); not scoped: it names a department's own ancestor. */
    financeAmong(ids: number[]) {
      return db.selectFrom('dept').select(['id', 'name', 'province', 'city']).where('id', 'in', ids).where('kind', '=', 'finance').executeTakeFirst();
    },
  };
}

export type DeptRepository = ReturnType<typeof createDeptRepository>;
