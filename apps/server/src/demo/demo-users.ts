import type { Db } from '../db/database.js';
import { ALL, type Scope } from '../lib/scope.js';
import type { SessionUser } from '../modules/session/session-user.js';

/**
 * The demo accounts as the services see a signed-in caller (permissions and scope), so that the
 * first start's demo history is made by the product's own services, with their checks and trails.
 */
export async function demoSessionUsers(db: Db): Promise<SessionUser[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('dept as d', 'd.id', 'u.dept_id')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.dept_id', 'd.name as dept_name', 'd.kind as dept_kind', 'd.path as dept_path', 'r.name as role_name', 'r.permissions'])
    .orderBy('u.id')
    .execute();
  // Paths are '/1/4/9/': a department's subtree is every path it begins.
  const depts = await db.selectFrom('dept').select(['id', 'path']).execute();
  return rows.map((r) => {
    const scope: Scope =
      r.dept_kind === 'platform' ? ALL : { kind: 'depts', deptIds: depts.filter((d) => d.path.startsWith(r.dept_path)).map((d) => d.id) };
    return {
      id: r.id, username: r.username, realname: r.realname, avatar: r.avatar, deptId: r.dept_id, deptName: r.dept_name, deptKind: r.dept_kind,
      roleName: r.role_name, permissions: new Set(JSON.parse(r.permissions) as string[]), mustChangePassword: false, scope, tokenHash: '',
    };
  });
}
