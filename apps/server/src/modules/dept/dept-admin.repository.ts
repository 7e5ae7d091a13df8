import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { ALL, inScope, type Scope } from '../../lib/scope.js';
import { deptDisabledFlag } from './dept-state.js';

export type DeptAdminRow = {
  id: number;
  parent_id: number | null;
  kind: string;
  name: string;
  province: string | null;
  city: string | null;
  path: string;
  created_at: number;
  disabled_at: number | null;
  user_count: number | string;
  device_count: number | string;
};

export type DeptValues = { name: string; province: string | null; city: string | null };

/** The department queries of the 部门管理 screen; every read of a department is scoped. */
export function createDeptAdminRepository(db: Db) {
  const rows = (scope: Scope) =>
    db
      .selectFrom('dept')
      .select(['dept.id', 'dept.parent_id', 'dept.kind', 'dept.name', 'dept.province', 'dept.city', 'dept.path', 'dept.created_at', 'dept.disabled_at'])
      .select((eb) => [
        eb.selectFrom('app_user').select(eb.fn.countAll().as('n')).whereRef('app_user.dept_id', '=', 'dept.id').as('user_count'),
        eb.selectFrom('device').select(eb.fn.countAll().as('n')).whereRef('device.dept_id', '=', 'dept.id').as('device_count'),
      ])
      .where((eb) => inScope(eb, 'dept.id', scope));

  return {
    /** The caller's subtree, parents before children (a path sorts before every path it prefixes). */
    list(scope: Scope): Promise<DeptAdminRow[]> {
      return rows(scope).orderBy('dept.path').execute() as Promise<DeptAdminRow[]>;
    },

    find(scope: Scope, id: number): Promise<DeptAdminRow | undefined> {
      return rows(scope).where('dept.id', '=', id).executeTakeFirst() as Promise<DeptAdminRow | undefined>;
    },

    /**
     * A department the caller has just acted on, for the reply. Not scoped: the caller's scope was
     * read when the request began, before a department created under their parent existed.
     */
    acted(id: number): Promise<DeptAdminRow> {
      return rows(ALL).where('dept.id', '=', id).executeTakeFirstOrThrow() as Promise<DeptAdminRow>;
    },

    /** The departments along a path (its ancestors and itself), whatever the caller's scope: a disable above them is theirs too. */
    async disabledOnPath(path: string): Promise<boolean> {
      const row = await db.selectNoFrom(deptDisabledFlag(sql.val(path)).as('disabled')).executeTakeFirstOrThrow();
      return Number(row.disabled) === 1;
    },

    async nameTaken(parentId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('dept').select('id').where('parent_id', '=', parentId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** Ids come from the database, so the path is written once the row's own id is known. */
    async insert(parent: { id: number; path: string }, kind: string, v: DeptValues, now: number): Promise<number> {
      const { id } = await db
        .insertInto('dept')
        .values({ parent_id: parent.id, kind, ...v, path: `${parent.path}pending/`, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('dept').set({ path: `${parent.path}${id}/` }).where('id', '=', id).execute();
      return id;
    },

    async update(id: number, v: DeptValues): Promise<void> {
      await db.updateTable('dept').set(v).where('id', '=', id).execute();
    },

    /** Re-parents a department and rewrites the path of its whole subtree; returns how many departments moved. */
    async move(id: number, oldPath: string, newParentId: number, newPath: string): Promise<number> {
      await db.updateTable('dept').set({ parent_id: newParentId }).where('id', '=', id).execute();
      const moved = await db
        .updateTable('dept')
        .set({ path: sql<string>`${newPath} || substr(path, ${oldPath.length + 1})` })
        .where('path', 'like', `${oldPath}%`)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows);
    },

    async setDisabled(id: number, at: number | null, by: string | null): Promise<void> {
      await db.updateTable('dept').set({ disabled_at: at, disabled_by: by }).where('id', '=', id).execute();
    },

    /** Users of a subtree: how many a disable shuts out. */
    async usersUnder(path: string): Promise<number> {
      const row = await db
        .selectFrom('app_user as u')
        .innerJoin('dept as d', 'd.id', 'u.dept_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('d.path', 'like', `${path}%`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The sessions of the users of a subtree. */
    async sessionsUnder(path: string): Promise<string[]> {
      const rows = await db
        .selectFrom('session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .innerJoin('dept as d', 'd.id', 'u.dept_id')
        .select('s.token_hash')
        .where('d.path', 'like', `${path}%`)
        .execute();
      return rows.map((r) => r.token_hash);
    },

    /** The sessions of users of these departments, other than the platform's (whose scope is everything and never changes). */
    async sessionsOfDepts(deptIds: number[]): Promise<string[]> {
      if (deptIds.length === 0) return [];
      const rows = await db
        .selectFrom('session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .innerJoin('dept as d', 'd.id', 'u.dept_id')
        .select('s.token_hash')
        .where('d.id', 'in', deptIds)
        .where('d.kind', '<>', 'platform')
        .execute();
      return rows.map((r) => r.token_hash);
    },
  };
}

export type DeptAdminRepository = ReturnType<typeof createDeptAdminRepository>;
