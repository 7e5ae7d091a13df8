import { SessionCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { badInput } from '../../lib/errors.js';
import type { RsaKeys } from '../../lib/rsa.js';
import { route, said } from '../../lib/route.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import { browserOf, clientOf } from './client.js';
import { LoginRefused, type SessionService } from './session.service.js';

export type SessionRouteOptions = {
  sessions: SessionService;
  encryption: 'off' | 'login' | 'all';
  keys: RsaKeys | null;
  audit: AuditRepository;
};

/** Session calls of console-spec §7: payloads under `data`. */
export function sessionRoutes(app: FastifyInstance, o: SessionRouteOptions): void {
  route(app, SessionCalls.publicKey, async () => ({
    publicKey: o.encryption === 'off' || !o.keys ? '' : o.keys.publicKeyBase64,
    encrypt: o.encryption,
    mockServer: false,
  }));

  // A form body is parsed like a JSON one, and an encrypted one is opened before this (plugins).
  // Every attempt that reaches the password check is audited, never the password. Attempts the throttle turns
  // away unchecked are not: a stranger could otherwise add a permanent row per request; the failures
  // that caused the lock are in the log.
  route(app, SessionCalls.login, async ({ body, request }) => {
    const client = clientOf(request);
    try {
      const { data, account, sessionId } = await o.sessions.login(body, client);
      await o.audit.recordFor(account, client.ip, { action: 'session.login', target: account.username, detail: { sessionId, browser: browserOf(client.userAgent) } });
      return said('登录成功', data);
    } catch (err) {
      if (err instanceof LoginRefused && !err.throttled) {
        const actor = err.account ?? { id: null, username: body.username, deptId: null };
        await o.audit.recordFor(actor, client.ip, { action: 'session.loginFailed', target: actor.username, detail: {} });
      }
      throw err;
    }
  });

  route(app, SessionCalls.userInfo, async ({ user }) => o.sessions.userInfo(user));

  route(app, SessionCalls.logout, async ({ user, request }) => {
    await o.sessions.logout(user);
    await o.audit.record(user, request.ip, { action: 'session.logout', target: user.username, detail: {} });
    return said('已退出登录', null);
  });

  // Accounts belong to a department and a role, so administrators create them; sign-up stays closed.
  route(app, SessionCalls.register, async () => {
    throw badInput('系统未开放自助注册，请联系管理员开通账号');
  });
}
