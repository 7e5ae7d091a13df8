import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { inSelfOrAncestors, ownOrShared, type Viewer } from '../../lib/shared-scope.js';

export type RoleRow = { id: number; code: string; name: string; name_en: string; permissions: string; dept_id: number; dept_name: string; dept_path: string; user_count: number };
export type RoleValues = { name: string; name_en: string; permissions: string; dept_id: number };

/** Roles, each owned by a department: seen from its subtree (own) and from below it (shared). */
export function createRoleRepository(db: Db) {
  const visible = (viewer: Viewer) =>
    db
      .selectFrom('role as r')
      .innerJoin('dept as d', 'd.id', 'r.dept_id')
      .select(['r.id', 'r.code', 'r.name', 'r.name_en', 'r.permissions', 'r.dept_id', 'd.name as dept_name', 'd.path as dept_path'])
      .select((eb) => eb.selectFrom('app_user as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.role_id', '=', 'r.id').as('user_count'))
      .where((eb) => ownOrShared(eb, 'r.dept_id', viewer));

  const normalise = (r: RoleRow): RoleRow => ({ ...r, user_count: Number(r.user_count) });

  return {
    /** Shared roles (owned higher up the tree) first, then by owner and name. */
    async list(viewer: Viewer, name: string | undefined): Promise<RoleRow[]> {
      let q = visible(viewer);
      if (name) q = q.where((eb) => eb.or([contains('r.name', name), contains('r.name_en', name)]));
      const rows = await q.orderBy('d.path').orderBy('r.name').execute();
      return rows.map((r) => normalise(r as RoleRow));
    },

    async find(viewer: Viewer, id: number): Promise<RoleRow | undefined> {
      const row = await visible(viewer).where('r.id', '=', id).executeTakeFirst();
      return row && normalise(row as RoleRow);
    },

    async roleIdOf(userId: number): Promise<number | undefined> {
      return (await db.selectFrom('app_user').select('role_id').where('id', '=', userId).executeTakeFirst())?.role_id;
    },

    /** How many holders of the role are outside `deptId`'s subtree: they could not hold it if that department owned it. */
    async holdersOutside(roleId: number, deptId: number): Promise<number> {
      const row = await db
        .selectFrom('app_user as u')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('u.role_id', '=', roleId)
        .where((eb) => eb.not(inDeptSubtree('u.dept_id', deptId)))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A role a user of `deptId` may hold: owned by that department or one above it. */
    async ownedAbove(roleId: number, deptId: number): Promise<boolean> {
      const row = await db.selectFrom('role').select('id').where('id', '=', roleId).where(inSelfOrAncestors('dept_id', deptId)).executeTakeFirst();
      return row !== undefined;
    },

    /** A department of the caller's subtree, by id (absent outside it). */
    deptInScope(scope: Scope, deptId: number) {
      return db.selectFrom('dept').select(['id', 'name', 'kind']).where('id', '=', deptId).where((eb) => inScope(eb, 'id', scope)).executeTakeFirst();
    },

    async nameTaken(deptId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('role').select('id').where('dept_id', '=', deptId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(values: RoleValues, code: string): Promise<number> {
      const row = await db.insertInto('role').values({ ...values, code }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes a role owned within the caller's subtree; false if there is none. */
    async update(scope: Scope, id: number, values: RoleValues): Promise<boolean> {
      const res = await db.updateTable('role').set(values).where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Deletes a role of the caller's subtree that no user holds (checked again here, in the deleting statement). */
    async remove(scope: Scope, id: number): Promise<boolean> {
      const res = await db
        .deleteFrom('role')
        .where('id', '=', id)
        .where((eb) => inScope(eb, 'dept_id', scope))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('app_user').select('id').whereRef('app_user.role_id', '=', 'role.id'))))
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}

export type RoleRepository = ReturnType<typeof createRoleRepository>;
