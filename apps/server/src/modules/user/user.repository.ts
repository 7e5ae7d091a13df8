import { sql, type Expression, type SqlBool } from 'kysely';
import type { UserListQuery } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type UserRow = {
  id: number; username: string; realname: string; phone: string; dept_id: number; dept_name: string; role_id: number; role_name: string;
  permissions: string; enabled: number; must_change_password: number; created_at: number; last_login_at: number | null; failures: number;
};
export type UserValues = { realname: string; phone: string; dept_id: number; role_id: number };

/** When an account counts as locked: the sign-in throttle's per-account limit within its window. */
export type LockRule = { perAccount: number; windowMs: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users of a department subtree, with their department, role, lock state and last sign-in. */
export function createUserRepository(db: Db, lock: LockRule, now: () => number = Date.now) {
  /**
   * Failures on the account within the window, counted under the throttle's account key
   * (`u:` + the lower-cased name; login-throttle.ts).
   */
  const failures = () => sql<number>`(select count(*) from login_failure f where f.key = 'u:' || lower(u.username) and f.at >= ${now() - lock.windowMs})`;

  const base = (scope: Scope) =>
    db
      .selectFrom('app_user as u')
      .innerJoin('dept as d', 'd.id', 'u.dept_id')
      .innerJoin('role as r', 'r.id', 'u.role_id')
      .where((eb) => inScope(eb, 'u.dept_id', scope));

  const withColumns = (q: ReturnType<typeof base>) =>
    q.select([
      'u.id', 'u.username', 'u.realname', 'u.phone', 'u.dept_id', 'd.name as dept_name', 'u.role_id', 'r.name as role_name', 'r.permissions',
      'u.enabled', 'u.must_change_password', 'u.created_at',
      sql<number | null>`(select max(a.at) from audit_log a where a.user_id = u.id and a.action = 'session.login')`.as('last_login_at'),
      failures().as('failures'),
    ]);

  const normalise = (r: UserRow): UserRow => ({ ...r, failures: Number(r.failures), last_login_at: r.last_login_at === null ? null : Number(r.last_login_at) });

  function stateFilter(state: NonNullable<UserListQuery['state']>): Expression<SqlBool> {
    if (state === 'disabled') return sql<SqlBool>`u.enabled = 0`;
    const locked = sql<SqlBool>`${failures()} >= ${lock.perAccount}`;
    return state === 'locked' ? sql<SqlBool>`u.enabled = 1 and ${locked}` : sql<SqlBool>`u.enabled = 1 and not (${locked})`;
  }

  return {
    /** A page, newest accounts first. */
    async page(scope: Scope, q: UserListQuery): Promise<{ rows: UserRow[]; count: number }> {
      let filtered = base(scope);
      if (q.deptId) filtered = filtered.where(inDeptSubtree('u.dept_id', q.deptId));
      if (q.keyword) filtered = filtered.where((eb) => eb.or([contains('u.username', q.keyword!), contains('u.realname', q.keyword!)]));
      if (q.roleId) filtered = filtered.where('u.role_id', '=', q.roleId);
      if (q.state) filtered = filtered.where(stateFilter(q.state));
      const [rows, total] = await Promise.all([
        withColumns(filtered).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').offset((q.pageNumber - 1) * q.pageSize).limit(q.pageSize).execute(),
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => normalise(r as UserRow)), count: Number(total.n) };
    },

    async find(scope: Scope, id: number): Promise<UserRow | undefined> {
      const row = await withColumns(base(scope)).where('u.id', '=', id).executeTakeFirst();
      return row && normalise(row as UserRow);
    },

    /** Names differing only in case would share a throttle key and confuse people: taken is case-insensitive. */
    async usernameTaken(username: string): Promise<boolean> {
      const row = await db.selectFrom('app_user').select('id').where(sql<SqlBool>`lower(username) = ${username.toLowerCase()}`).executeTakeFirst();
      return row !== undefined;
    },

    async insert(v: UserValues & { username: string; password_hash: string }, at: number): Promise<number> {
      const row = await db
        .insertInto('app_user')
        .values({ ...v, avatar: '', enabled: 1, created_at: at, must_change_password: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(scope: Scope, id: number, v: Partial<UserValues> & { enabled?: number }): Promise<boolean> {
      const res = await db.updateTable('app_user').set(v).where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Forgets the account's failures: its own counter and every address's counter on it (`p:<address>|<name>`). */
    async clearFailures(username: string): Promise<void> {
      const name = username.toLowerCase();
      await db
        .deleteFrom('login_failure')
        .where((eb) => eb.or([eb('key', '=', `u:${name}`), sql<SqlBool>`key like ${`p:%|${escapeLike(name)}`} escape '\\'`]))
        .execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
