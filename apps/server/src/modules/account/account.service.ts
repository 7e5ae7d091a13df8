import { PASSWORD_MESSAGES, type ChangePassword, type SessionItem } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { badInput, conflict, noPermission, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { SessionService } from '../session/session.service.js';
import type { SessionUser } from '../session/session-user.js';
import type { AccountRepository } from './account.repository.js';
import { beyondCaller, permissionsOf } from './reach.js';

export type AccountDeps = {
  db: Db; repo: AccountRepository; sessions: SessionService; audit: AuditRepository; now?: () => number;
  /** After a user replaced a password they were given with their own (the first start's one-time file goes). */
  onOwnPasswordChosen?: (username: string) => void;
};

const SESSION_NOT_FOUND = '会话不存在或已结束';
const END_CURRENT = '请使用退出登录结束当前会话';

/** Whether any of these hashes is of this password (each check is a full argon2 verify, so few). */
async function matchesAny(hashes: string[], plain: string): Promise<boolean> {
  for (const hash of hashes) if (await verifyPassword(hash, plain)) return true;
  return false;
}

export function createAccountService({ db, repo, sessions, audit, now = Date.now, onOwnPasswordChosen }: AccountDeps) {
  /** Ends one session after the checks; the audit names the session's owner and its public id, never the token. */
  async function endOne(caller: SessionUser, ip: string, target: { tokenHash: string; username: string }, publicId: string): Promise<void> {
    if (target.tokenHash === caller.tokenHash) throw conflict(END_CURRENT);
    await sessions.endSessions([target.tokenHash]);
    await audit.record(caller, ip, { action: 'account.endSession', target: target.username, detail: { sessionId: publicId } });
  }

  return {
    /**
     * The policy's length and mix are the schema's; here the rules that need the account. The current
     * session stays; every other one of the user's ends (a changed password must shut out whoever
     * knew the old one).
     */
    async changePassword(user: SessionUser, ip: string, input: ChangePassword): Promise<number> {
      const { username, hashes } = await repo.recentHashes(user.id);
      if (!(await verifyPassword(hashes[0]!, input.oldPassword))) throw badInput(PASSWORD_MESSAGES.wrongCurrent);
      if (input.newPassword.trim().toLowerCase() === username.toLowerCase()) throw badInput(PASSWORD_MESSAGES.username);
      if (await matchesAny(hashes, input.newPassword)) throw badInput(PASSWORD_MESSAGES.reused);
      const hash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await repo.setPassword(trx, user.id, hash, now());
        await audit.record(user, ip, { action: 'account.changePassword', target: username, detail: {} }, trx);
      });
      onOwnPasswordChosen?.(username);
      return sessions.endOtherSessions(user.id, user.tokenHash);
    },

    mySessions(user: SessionUser): Promise<SessionItem[]> {
      return sessions.sessionsOf(user.id, user.tokenHash);
    },

    /** Another of one's own sessions; someone else's answers as if it did not exist. */
    async endMySession(user: SessionUser, ip: string, publicId: string): Promise<void> {
      const found = await sessions.findSession(publicId);
      if (!found || found.userId !== user.id) throw notFound(SESSION_NOT_FOUND);
      await endOne(user, ip, { tokenHash: found.tokenHash, username: user.username }, publicId);
    },

    /** The sessions of a user of the caller's subtree. */
    async userSessions(caller: SessionUser, userId: number): Promise<SessionItem[]> {
      const target = await repo.userInScope(userId, caller.scope);
      if (!target) throw notFound('用户不存在');
      return sessions.sessionsOf(target.id, caller.tokenHash);
    },

    /**
     * Ends a session of a user of the caller's subtree. A user holding a permission the caller lacks
     * is out of reach (or an administrator could keep signing out one above them).
     */
    async endUserSession(caller: SessionUser, ip: string, publicId: string): Promise<void> {
      const found = await sessions.findSession(publicId);
      const target = found && (await repo.userInScope(found.userId, caller.scope));
      if (!found || !target) throw notFound(SESSION_NOT_FOUND);
      if (beyondCaller(caller, permissionsOf(target.permissions)).length > 0) throw noPermission('该用户拥有您没有的权限，不能结束其会话');
      await endOne(caller, ip, { tokenHash: found.tokenHash, username: target.username }, publicId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
