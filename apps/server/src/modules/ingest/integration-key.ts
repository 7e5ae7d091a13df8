import crypto from 'node:crypto';
import { Codes } from '@cvrisk/contracts';
import { AppError, invalidToken, noPermission, tooMany } from '../../lib/errors.js';
import { ALL, type Scope } from '../../lib/scope.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import { clientAddressKey } from '../session/login-throttle.js';
import type { SessionRepository } from '../session/session.repository.js';
import { LAST_USED_GRANULARITY_MS, type IngestRepository } from './ingest.repository.js';

/** Only the key's hash is stored: a leaked table does not leak keys. */
export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** What the key check reads and writes. */
export type IntegrationKeys = Pick<IngestRepository, 'findIntegration' | 'subtreeDeptIds' | 'markUsed'>;

const INVALID_KEY = 'API key 无效';
const KEY_DEPT_DISABLED = '该接口密钥所属部门已停用，请联系管理员';

/**
 * The departments an integration may act for, from its key (the `x-api-key` header): its own subtree,
 * as a user's scope. Every call an integration makes checks the key this way, before the body. The key
 * is looked up in the database on every call (no cache), so a revoked key is refused at once by every
 * API process; a revoked key gets the same answer as an unknown one, so a stranger learns nothing.
 *
 * A key whose department (or one above it) is disabled is refused as its users are, also in a process
 * that did not disable it, and works again once the department is enabled. Only the holder of the key
 * can get this answer, so it says why (403, not 401): the integrator is told to stop, not to retry
 * with another key; it is no wrong key, so the throttle does not count it. A refused call is not a use.
 */
export async function integrationScope(repo: IntegrationKeys, key: string | undefined, now: number = Date.now()): Promise<Scope> {
  const integration = key ? await repo.findIntegration(hashKey(key)) : undefined;
  if (!integration) throw invalidToken(INVALID_KEY);
  if (Number(integration.dept_disabled) === 1) throw noPermission(KEY_DEPT_DISABLED);
  if (integration.last_used_at === null || integration.last_used_at <= now - LAST_USED_GRANULARITY_MS) await repo.markUsed(integration.id, now);
  if (integration.kind === 'platform') return ALL;
  return { kind: 'depts', deptIds: (await repo.subtreeDeptIds(integration.path)).map((r) => r.id) };
}

/** Who presents a key: the key (the header, if any), the client's address (`request.ip`) and the call's path. */
export type KeyCaller = { key: string | undefined; ip: string; call: string };

/** The sign-in failures' store (`login_failure`), where wrong keys are counted under keys of their own. */
export type FailureStore = Pick<SessionRepository, 'countFailures' | 'recordFailure'>;

export type KeyCheckOptions = {
  keys: IntegrationKeys;
  failures: FailureStore;
  audit: Pick<AuditRepository, 'recordFor'>;
  /** Wrong keys from one address (an IPv6 client by its /64) within the window before it is refused (API_KEY_MAX_FAILURES_PER_ADDRESS)… */
  maxFailuresPerAddress: number;
  /** …the sign-in window (LOGIN_WINDOW_MINUTES). */
  windowMs: number;
  log: { warn(obj: object, msg: string): void };
  now?: () => number;
};

/**
 * The key check of every call that takes an integration key, throttled per address like wrong
 * passwords. Wrong keys are counted in the database (`login_failure`, as `k:<address>`), so every API
 * process counts the same ones; once an address has `maxFailuresPerAddress` within the window, its
 * calls are answered 429 without the key being looked at — a right key included, for otherwise the
 * answer would tell a guesser when a guess was right — until the window has passed its last counted
 * failure (refused calls are not counted). A right key from another address is unaffected. Each
 * counted wrong key is written to the audit log (接口密钥错误: the address, the call, the key's last
 * four characters, which match a revoked key's on the keys' screen when an old deployment still uses
 * it); a call without any key costs no database read and is not counted.
 *
 * The count is read before the key is checked and written only when it was wrong, so a valid key's
 * call costs one indexed read more; calls fired together may overshoot the limit by as many as an
 * address may have in flight (HTTP_MAX_CONNECTIONS_PER_ADDRESS bounds it).
 */
export function createIntegrationKeyCheck(o: KeyCheckOptions) {
  const now = o.now ?? Date.now;
  const minutes = Math.ceil(o.windowMs / 60_000);

  return async function scopeOf(caller: KeyCaller): Promise<Scope> {
    if (!caller.key) throw invalidToken(INVALID_KEY);
    const t = now();
    const since = t - o.windowMs;
    // `k:` is the key check's own prefix: the sign-in counters are `ip:`, `u:` and `p:`.
    const counter = `k:${clientAddressKey(caller.ip)}`.slice(0, 120);
    const before = (await o.failures.countFailures([counter], since)).get(counter) ?? 0;
    if (before >= o.maxFailuresPerAddress) throw tooMany(`此网络地址接口密钥错误次数过多，请${minutes}分钟后再试`);
    try {
      return await integrationScope(o.keys, caller.key, t);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== Codes.INVALID_TOKEN) throw err;
      await o.failures.recordFailure([counter], t, since);
      const failures = before + 1;
      await o.audit.recordFor({ id: null, username: 'x-api-key', deptId: null }, caller.ip, {
        action: 'integration.keyRejected', target: caller.call, detail: { keyHint: caller.key.slice(-4), failures },
      });
      if (failures === o.maxFailuresPerAddress) o.log.warn({ ip: caller.ip, failures, windowMinutes: minutes }, 'integration key failures: address refused for the window');
      throw err;
    }
  };
}

export type IntegrationKeyCheck = ReturnType<typeof createIntegrationKeyCheck>;
