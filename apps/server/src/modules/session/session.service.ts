import crypto from 'node:crypto';
import { formatTime, type LoginData, type LoginRequest, type SessionItem, type UserInfo } from '@cvrisk/contracts';
import { createConcurrencyGate, QueueFull } from '../../lib/concurrency.js';
import { AppError, badInput, invalidToken, tooMany } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { ALL } from '../../lib/scope.js';
import { DEPT_DISABLED_MESSAGE } from '../dept/dept-state.js';
import { browserOf } from './client.js';
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

/** The id session lists show and end sessions by: random, so it says nothing about the token. */
export const newSessionId = () => crypto.randomBytes(12).toString('base64url');

/** Where a sign-in comes from, kept with the session for the owner's session list. */
export type Client = { ip: string; userAgent: string };

/** The account an attempt named, when it exists: who the audit entry is about. */
export type Account = { id: number; username: string; deptId: number };

/**
 * A refused sign-in, with what the audit log needs to know about it (the caller learns only the
 * message): the account named, if it exists, and whether it was turned away unchecked (throttled).
 */
export class LoginRefused extends AppError {
  constructor(
    error: AppError,
    readonly account: Account | null,
    readonly throttled: boolean,
  ) {
    super(error.code, error.message);
  }
}

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
   * The one way a session ends before it expires: sign-out, a password change (the user's other
   * sessions), and ending a session from a session list all come through here, so that what holds a
   * session open (the live stream) ends with it at once. Listeners hear this process's endings only; streams held by
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
      mustChangePassword: row.must_change_password === 1,
      scope,
      tokenHash,
    };
  }

  return {
    async login(input: LoginRequest, client: Client): Promise<{ data: LoginData; account: Account; sessionId: string }> {
      const { ip } = client;
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
        throw new LoginRefused(tooMany(refused), accountOf(await repo.findUserByUsername(input.username)), true);
      }
      const user = await repo.findUserByUsername(input.username);
      let valid: boolean;
      try {
        valid = await passwordChecks.run(() => verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password));
      } catch (err) {
        if (!(err instanceof QueueFull)) throw err;
        await repo.deleteFailures(attempt);
        throw new LoginRefused(tooMany(BUSY), accountOf(user), true);
      }
      if (!user || !valid || user.enabled !== 1) {
        if (Math.max(...Object.values(before)) + 1 >= 3) await new Promise((r) => setTimeout(r, opts.slowDownMs));
        throw new LoginRefused(badInput(WRONG_CREDENTIALS), accountOf(user), false);
      }
      // Said only to whoever knows the password; it is no guess, so it is not counted as a failure.
      if (user.dept_disabled === 1) {
        await repo.deleteFailures(attempt);
        throw new LoginRefused(badInput(DEPT_DISABLED_MESSAGE), accountOf(user), false);
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
      const sessionId = newSessionId();
      await repo.createSession({ tokenHash: hashToken(token), publicId: sessionId, userId: user.id, now: issued, expiresAt: issued + opts.ttlMs, ...client });
      const account = { id: user.id, username: user.username, deptId: user.dept_id };
      const data = { accessToken: token, entity: { realname: user.realname, avatar: user.avatar }, mustChangePassword: user.must_change_password === 1 };
      return { data, account, sessionId };
    },

    /** Token → caller, or the invalid-token error (5003) that sends the console back to login. */
    async authenticate(token: string | undefined): Promise<SessionUser> {
      if (!token) throw invalidToken('未登录或登录已失效，请重新登录');
      const tokenHash = hashToken(token);
      const row = await repo.findSession(tokenHash);
      const t = now();
      if (!row || row.expires_at <= t) throw invalidToken();
      if (row.enabled !== 1) throw invalidToken('账号已停用');
      if (row.dept_disabled === 1) throw invalidToken(DEPT_DISABLED_MESSAGE);
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

    /** A user's sessions for a session list; `currentTokenHash` marks the one the request came with. */
    async sessionsOf(userId: number, currentTokenHash: string | null): Promise<SessionItem[]> {
      const rows = await repo.listSessions(userId, now());
      return rows.map((r) => ({
        id: r.public_id,
        createdAt: formatTime(r.created_at),
        lastSeenAt: formatTime(r.last_seen_at),
        expiresAt: formatTime(r.expires_at),
        ip: r.ip ?? '',
        browser: browserOf(r.user_agent),
        current: r.token_hash === currentTokenHash,
      }));
    },

    /** A session that still holds, by its public id. */
    async findSession(publicId: string): Promise<{ tokenHash: string; userId: number } | undefined> {
      const row = await repo.findByPublicId(publicId, now());
      return row && { tokenHash: row.token_hash, userId: row.user_id };
    },

    /** Ends every session of a user but one (the one a password was just changed from). */
    async endOtherSessions(userId: number, keepTokenHash: string): Promise<number> {
      const others = (await repo.listSessions(userId, now())).map((r) => r.token_hash).filter((h) => h !== keepTokenHash);
      await endSessions(others);
      return others.length;
    },

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
        mustChangePassword: user.mustChangePassword,
      };
    },
  };
}

const accountOf = (user: UserRow | undefined): Account | null => (user ? { id: user.id, username: user.username, deptId: user.dept_id } : null);

export type SessionService = ReturnType<typeof createSessionService>;
