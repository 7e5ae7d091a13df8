import crypto from 'node:crypto';
import type { LoginData, LoginRequest, UserInfo } from '@cvrisk/contracts';
import { badInput, invalidToken, tooMany } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { ALL } from '../../lib/scope.js';
import type { SessionRepository, UserRow } from './session.repository.js';
import type { SessionUser } from './session-user.js';

export type SessionOptions = {
  ttlMs: number;
  maxFailures: number;
  windowMs: number;
  /** Pause before answering a failed login once failures pile up; slows guessing. */
  slowDownMs: number;
  now?: () => number;
};

const WRONG_CREDENTIALS = '用户名或密码错误';
/** Sliding expiry is written at most this often, not on every request. */
const EXTEND_EVERY_MS = 60_000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

// A fixed hash to verify against when the user does not exist, so timing does not reveal accounts.
const DUMMY_HASH =
  '$argon2id$v=19$m=65536,t=3,p=4$4Jm+tPwQDG7yd91FMojYfw$5NPjwn4WLSjG2pEuMfpP707XsKlvbM9C3DeUFkyd19Y';

export function createSessionService(repo: SessionRepository, opts: SessionOptions) {
  const now = opts.now ?? Date.now;

  async function toSessionUser(row: UserRow, tokenHash: string): Promise<SessionUser> {
    const scope = row.dept_kind === 'platform' ? ALL : { kind: 'depts' as const, deptIds: await repo.subtreeDeptIds(row.dept_path) };
    return {
      id: row.id,
      username: row.username,
      realname: row.realname,
      avatar: row.avatar,
      deptId: row.dept_id,
      deptName: row.dept_name,
      deptKind: row.dept_kind,
      roleName: row.role_name,
      permissions: new Set(JSON.parse(row.permissions) as string[]),
      scope,
      tokenHash,
    };
  }

  return {
    async login(input: LoginRequest, ip: string): Promise<LoginData> {
      const t = now();
      const userKey = `u:${input.username.toLowerCase()}`;
      const keys = [userKey, `ip:${ip}`];
      const failures = await repo.countFailures(keys, t - opts.windowMs);
      const worst = Math.max(0, ...failures.values());
      if (worst >= opts.maxFailures) {
        const minutes = Math.ceil(opts.windowMs / 60_000);
        throw tooMany(`登录失败次数过多，请${minutes}分钟后再试`);
      }
      const user = await repo.findUserByUsername(input.username);
      const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password);
      if (!user || !valid || user.enabled !== 1) {
        await repo.recordFailure(keys, t, t - opts.windowMs);
        if (worst + 1 >= 3) await new Promise((r) => setTimeout(r, opts.slowDownMs));
        throw badInput(WRONG_CREDENTIALS);
      }
      await repo.clearFailures(userKey);
      // Sign-ins are rare next to requests: a fine moment to drop sessions that have run out.
      await repo.deleteExpiredSessions(t);
      const token = crypto.randomBytes(32).toString('base64url');
      await repo.createSession(hashToken(token), user.id, t, t + opts.ttlMs);
      return { accessToken: token, entity: { realname: user.realname, avatar: user.avatar } };
    },

    /** Token → caller, or the invalid-token error (5003) that sends the console back to login. */
    async authenticate(token: string | undefined): Promise<SessionUser> {
      if (!token) throw invalidToken('未登录或登录已失效，请重新登录');
      const tokenHash = hashToken(token);
      const row = await repo.findSession(tokenHash);
      const t = now();
      if (!row || row.expires_at <= t) throw invalidToken();
      if (row.enabled !== 1) throw invalidToken('账号已停用');
      if (t - row.last_seen_at >= EXTEND_EVERY_MS) await repo.extendSession(tokenHash, t, t + opts.ttlMs);
      return toSessionUser(row, tokenHash);
    },

    /** Long-lived connections (the live stream) ask now and then whether their sessions still hold. */
    activeSessions(tokenHashes: string[]): Promise<Set<string>> {
      return repo.activeTokenHashes(tokenHashes, now());
    },

    async logout(user: SessionUser): Promise<void> {
      await repo.deleteSession(user.tokenHash);
    },

    userInfo(user: SessionUser): UserInfo {
      return {
        userId: user.id,
        username: user.username,
        realname: user.realname,
        avatar: user.avatar,
        permissions: [...user.permissions],
        deptId: user.deptId,
        deptName: user.deptName,
        roleName: user.roleName,
      };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
