import { AccountCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(app: FastifyInstance, s: AccountService): void {
  route(app, AccountCalls.changePassword, async ({ user, body, request }) => {
    const ended = await s.changePassword(user, request.ip, body);
    return said(ended > 0 ? `密码已修改，其他${ended}个会话已退出登录` : '密码已修改', null);
  });
  route(app, AccountCalls.sessions, async ({ user }) => s.mySessions(user));
  route(app, AccountCalls.endSession, async ({ user, body, request }) => {
    await s.endMySession(user, request.ip, body.id);
    return said('会话已结束', null);
  });
  route(app, AccountCalls.userSessions, async ({ user, body }) => s.userSessions(user, body.userId));
  route(app, AccountCalls.endUserSession, async ({ user, body, request }) => {
    await s.endUserSession(user, request.ip, body.id);
    return said('会话已结束', null);
  });
}
