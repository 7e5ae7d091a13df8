import crypto from 'node:crypto';
import type { LoginData, LoginRequest, UserInfo } from '@cvrisk/contracts';
import { createConcurrencyGate, QueueFull } from '../../lib/concurrency.js';
import { badInput, invalidToken, tooMany } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { ALL } from '../../lib/scope.js';
import { failureKeys, refusal, type FailureCounts, type ThrottleLimits } from './login-throttle.js';
import type { SessionRepository, UserRow } from './session.repository.js';
import type { SessionUser } from './session-user.js';

export type SessionOptions = {
  ttlMs: number;
  throttle: ThrottleLimits;
  /** Pause before answering a failed login once failures pile up; slows guessing. */
  slowDownMs: number;
  now?: () => number;
};

/** Hears the token hashes of sessions that just ended before their time. */
export type SessionsEndedListener = (tokenHashes: readonly string[]) => void;

const WRONG_CREDENTIALS = '用户名或密码错误';
/** Sliding expiry is written at most this often, not on every request. */
const EXTEND_EVERY_MS = 60_000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

// A fixed hash to verify against when the user does not exist, so timing does not reveal accounts.
const DUMMY_HASH =
  '$argon2id$v=19$m=65536,t=3,p=4$4Jm+tPwQDG7yd91FMojYfw$5NPjwn4WLSjG2pEuMfpP707XsKlvbM9C3DeUFkyd19Y';

/** Password checks at once, and waiting for a turn, per process; past both, sign-ins answer BUSY. */
const PASSWORD_CHECKS = 2;
const PASSWORD_CHECKS_QUEUED = 32;
const BUSY = '登录请求过多，请稍后再试';

export function createSessionService(repo: SessionRepository, opts: SessionOptions) {
  const passwordChecks = createConcurrencyGate(PASSWORD_CHECKS, PASSWORD_CHECKS_QUEUED);
  const now = opts.now ?? Date.now;

  const endedListeners = new Set<SessionsEndedListener>();

  /**
   * The one way a session ends before it expires: sign-out today; the coming password change and
   * session revocation must end sessions through here too, so that what holds a session open (the
   * live stream) ends with it at once. Listeners hear this process's endings only; streams held by
   * other server processes end at their hub's periodic session check.
   */
  async function endSessions(tokenHashes: readonly string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await repo.deleteSessions(tokenHashes);
    for (const listener of [...endedListeners]) listener(tokenHashes);
  }

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
      const since = t - opts.throttle.windowMs;
      const keys = failureKeys(input.username, ip);
      const keyList = [keys.address, keys.account, keys.pair];
      // The attempt is written as a failure before anything is checked, so attempts fired together
      // count each other; it is withdrawn if refused and cleared if the password is right.
      const attempt = await repo.recordFailure(keyList, t, since);
      const counted = await repo.countFailures(keyList, since);
      // Failures before this attempt: the counts hold it once.
      const prior = (key: string) => (counted.get(key) ?? 1) - 1;
      const before: FailureCounts = { address: prior(keys.address), account: prior(keys.account), pair: prior(keys.pair) };
      const refused = refusal(before, opts.throttle);
      if (refused) {
        // A refused attempt is no failure: otherwise trying during a lock would keep it locked.
        await repo.deleteFailures(attempt);
        throw tooMany(refused);
      }
      const user = await repo.findUserByUsername(input.username);
      let valid: boolean;
      try {
        valid = await passwordChecks.run(() => verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password));
      } catch (err) {
        if (!(err instanceof QueueFull)) throw err;
        await repo.deleteFailures(attempt);
        throw tooMany(BUSY);
      }
      if (!user || !valid || user.enabled !== 1) {
        if (Math.max(...Object.values(before)) + 1 >= 3) await new Promise((r) => setTimeout(r, opts.slowDownMs));
        throw badInput(WRONG_CREDENTIALS);
      }
      // The owner is in: the account's total and this address's failures on it are forgiven; other addresses
      // keep theirs on it (5 still refuse them), and this address keeps its failures on other accounts.
      await repo.deleteFailures(attempt, [keys.account, keys.pair]);
      // Sign-ins are rare next to requests: a fine moment to drop sessions and failures that have run out.
      await repo.deleteExpiredSessions(t);
      await repo.deleteExpiredFailures(since);
      const token = crypto.randomBytes(32).toString('base64url');
      // The lifetime starts when the session is issued, not when the (slow, hashed) attempt began.
      const issued = now();
      await repo.createSession(hashToken(token), user.id, issued, issued + opts.ttlMs);
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
      await endSessions([user.tokenHash]);
    },

    endSessions,

    /** Subscribes to sessions ended early (see `endSessions`); returns the unsubscribe. */
    onSessionsEnded(listener: SessionsEndedListener): () => void {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
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
