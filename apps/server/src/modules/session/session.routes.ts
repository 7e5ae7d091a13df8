import { LoginRequest, type PublicKeyData } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { badInput } from '../../lib/errors.js';
import { okData } from '../../lib/reply.js';
import type { RsaKeys } from '../../lib/rsa.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { SessionService } from './session.service.js';

export type SessionRouteOptions = {
  sessions: SessionService;
  encryption: 'off' | 'login' | 'all';
  keys: RsaKeys | null;
};

/** Session calls of console-spec §7: payloads under `data`. */
export function sessionRoutes(app: FastifyInstance, o: SessionRouteOptions): void {
  app.post('/publicKey', { config: { public: true } }, async () => {
    const data: PublicKeyData = {
      publicKey: o.encryption === 'off' || !o.keys ? '' : o.keys.publicKeyBase64,
      encrypt: o.encryption,
      mockServer: false,
    };
    return okData(data);
  });

  app.post('/api/login', { config: { public: true } }, async (request) => {
    const input = parse(LoginRequest, request.body);
    return okData(await o.sessions.login(input, request.ip), '登录成功');
  });

  app.post('/userInfo', async (request) => okData(o.sessions.userInfo(userOf(request))));

  app.get('/api/logout', async (request) => {
    await o.sessions.logout(userOf(request));
    return okData(null, '已退出登录');
  });

  // Accounts belong to a department and a role, so administrators create them; sign-up stays closed.
  app.post('/register', { config: { public: true } }, async () => {
    throw badInput('系统未开放自助注册，请联系管理员开通账号');
  });
}
