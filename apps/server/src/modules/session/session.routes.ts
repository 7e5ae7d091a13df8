import { SessionCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { badInput } from '../../lib/errors.js';
import type { RsaKeys } from '../../lib/rsa.js';
import { route, said } from '../../lib/route.js';
import type { SessionService } from './session.service.js';

export type SessionRouteOptions = {
  sessions: SessionService;
  encryption: 'off' | 'login' | 'all';
  keys: RsaKeys | null;
};

/** Session calls of console-spec §7: payloads under `data`. */
export function sessionRoutes(app: FastifyInstance, o: SessionRouteOptions): void {
  route(app, SessionCalls.publicKey, async () => ({
    publicKey: o.encryption === 'off' || !o.keys ? '' : o.keys.publicKeyBase64,
    encrypt: o.encryption,
    mockServer: false,
  }));

  // A form body is parsed like a JSON one, and an encrypted one is opened before this (plugins).
  route(app, SessionCalls.login, async ({ body, request }) => said('登录成功', await o.sessions.login(body, request.ip)));

  route(app, SessionCalls.userInfo, async ({ user }) => o.sessions.userInfo(user));

  route(app, SessionCalls.logout, async ({ user }) => {
    await o.sessions.logout(user);
    return said('已退出登录', null);
  });

  // Accounts belong to a department and a role, so administrators create them; sign-up stays closed.
  route(app, SessionCalls.register, async () => {
    throw badInput('系统未开放自助注册，请联系管理员开通账号');
  });
}
