import { PASSWORD_HISTORY } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** Replaced hashes kept per user: with the current hash they make the last PASSWORD_HISTORY passwords. */
const KEPT = PASSWORD_HISTORY - 1;

export function createAccountRepository(db: Db) {
  return {
    /** The user's current hash and the hashes it replaced, newest first: what a new password may not repeat. */
    async recentHashes(userId: number): Promise<{ username: string; hashes: string[] }> {
      const user = await db.selectFrom('app_user').select(['username', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
      const old = await db
        .selectFrom('password_history')
        .select('password_hash')
        .where('user_id', '=', userId)
        .orderBy('changed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(KEPT)
        .execute();
      return { username: user.username, hashes: [user.password_hash, ...old.map((r) => r.password_hash)] };
    },

    /**
     * Sets the new hash and keeps the replaced one in the history, trimmed to the newest KEPT. A password
     * the user chose clears `must_change_password`; one an administrator set or generated sets it.
     */
    async setPassword(trx: Db, userId: number, hash: string, now: number, byAdministrator = false): Promise<void> {
      const { password_hash: previous } = await trx.selectFrom('app_user').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
      await trx
        .updateTable('app_user')
        .set({ password_hash: hash, password_changed_at: now, must_change_password: byAdministrator ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
      await trx.insertInto('password_history').values({ user_id: userId, password_hash: previous, changed_at: now }).execute();
      const kept = await trx
        .selectFrom('password_history')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('changed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(KEPT)
        .execute();
      await trx
        .deleteFrom('password_history')
        .where('user_id', '=', userId)
        .where('id', 'not in', kept.map((r) => r.id))
        .execute();
    },

    /** A user of the caller's subtree with the permissions of their role; absent when out of scope. */
    userInScope(userId: number, scope: Scope) {
      return db
        .selectFrom('app_user as u')
        .innerJoin('role as r', 'r.id', 'u.role_id')
        .select(['u.id', 'u.username', 'u.dept_id', 'r.permissions'])
        .where('u.id', '=', userId)
        .where((eb) => inScope(eb, 'u.dept_id', scope))
        .executeTakeFirst();
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
