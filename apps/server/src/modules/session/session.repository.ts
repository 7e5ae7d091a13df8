import type { Db } from '../../db/database.js';
import { deptDisabled, deptDisabledFlag } from '../dept/dept-state.js';

export type UserRow = {
  id: number;
  username: string;
  password_hash: string;
  realname: string;
  avatar: string;
  enabled: number;
  dept_id: number;
  dept_name: string;
  dept_kind: string;
  dept_path: string;
  role_name: string;
  permissions: string;
  /** 1 when the user's department or one above it is disabled. */
  dept_disabled: number;
  must_change_password: number;
};

export type NewSession = { tokenHash: string; publicId: string; userId: number; now: number; expiresAt: number; ip: string; userAgent: string };

export function createSessionRepository(db: Db) {
  const userWithDeptAndRole = () =>
    db
      .selectFrom('app_user as u')
      .innerJoin('dept as d', 'd.id', 'u.dept_id')
      .innerJoin('role as r', 'r.id', 'u.role_id')
      .select([
        'u.id', 'u.username', 'u.password_hash', 'u.realname', 'u.avatar', 'u.enabled', 'u.dept_id',
        'd.name as dept_name', 'd.kind as dept_kind', 'd.path as dept_path', 'r.name as role_name', 'r.permissions', 'u.must_change_password',
      ])
      .select(deptDisabledFlag('d.path').as('dept_disabled'));

  return {
    findUserByUsername(username: string): Promise<UserRow | undefined> {
      return userWithDeptAndRole().where('u.username', '=', username).executeTakeFirst();
    },

    async findSession(tokenHash: string): Promise<(UserRow & { expires_at: number; last_seen_at: number }) | undefined> {
      return userWithDeptAndRole()
        .innerJoin('session as s', 's.user_id', 'u.id')
        .select(['s.expires_at', 's.last_seen_at'])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async createSession(s: NewSession): Promise<void> {
      await db
        .insertInto('session')
        .values({
          token_hash: s.tokenHash, public_id: s.publicId, user_id: s.userId, created_at: s.now, expires_at: s.expiresAt, last_seen_at: s.now,
          ip: s.ip.slice(0, 64), user_agent: s.userAgent.slice(0, 200),
        })
        .execute();
    },

    async extendSession(tokenHash: string, now: number, expiresAt: number): Promise<void> {
      await db.updateTable('session').set({ last_seen_at: now, expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
    },

    async deleteSessions(tokenHashes: readonly string[]): Promise<void> {
      await db.deleteFrom('session').where('token_hash', 'in', tokenHashes).execute();
    },

    /** Which of these sessions still hold: not logged out, not expired, the account enabled. */
    async activeTokenHashes(tokenHashes: string[], now: number): Promise<Set<string>> {
      if (tokenHashes.length === 0) return new Set();
      const rows = await db
        .selectFrom('session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .innerJoin('dept as d', 'd.id', 'u.dept_id')
        .select('s.token_hash')
        .where('s.token_hash', 'in', tokenHashes)
        .where('s.expires_at', '>', now)
        .where('u.enabled', '=', 1)
        .where((eb) => eb.not(deptDisabled('d.path')))
        .execute();
      return new Set(rows.map((r) => r.token_hash));
    },

    /** A user's sessions that have not run out, the latest used first. */
    listSessions(userId: number, now: number) {
      return db
        .selectFrom('session')
        .select(['token_hash', 'public_id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** A session that has not run out, by the id session lists show. */
    findByPublicId(publicId: string, now: number) {
      return db
        .selectFrom('session')
        .select(['token_hash', 'public_id', 'user_id'])
        .where('public_id', '=', publicId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async deleteExpiredSessions(now: number): Promise<void> {
      await db.deleteFrom('session').where('expires_at', '<', now).execute();
    },

    /** Department ids of the subtree whose root has this path (the root included). */
    async subtreeDeptIds(path: string): Promise<number[]> {
      const rows = await db.selectFrom('dept').select('id').where('path', 'like', `${path}%`).execute();
      return rows.map((r) => r.id);
    },

    async countFailures(keys: string[], since: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('login_failure')
        .select(['key', db.fn.countAll<number>().as('n')])
        .where('key', 'in', keys)
        .where('at', '>=', since)
        .groupBy('key')
        .execute();
      return new Map(rows.map((r) => [r.key, Number(r.n)]));
    },

    /** Stores one failure under each key and returns the rows' ids; the keys' expired rows go on the way. */
    async recordFailure(keys: string[], now: number, expireBefore: number): Promise<number[]> {
      return db.transaction().execute(async (tx) => {
        await tx.deleteFrom('login_failure').where('key', 'in', keys).where('at', '<', expireBefore).execute();
        const rows = await tx.insertInto('login_failure').values(keys.map((key) => ({ key, at: now }))).returning('id').execute();
        return rows.map((r) => r.id);
      });
    },

    /** Drops these rows, and every failure under these keys. */
    async deleteFailures(ids: number[], keys: string[] = []): Promise<void> {
      await db
        .deleteFrom('login_failure')
        .where((eb) => eb.or([eb('id', 'in', ids), ...(keys.length ? [eb('key', 'in', keys)] : [])]))
        .execute();
    },

    /** Failures of keys that saw no attempt since they expired. */
    async deleteExpiredFailures(before: number): Promise<void> {
      await db.deleteFrom('login_failure').where('at', '<', before).execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
