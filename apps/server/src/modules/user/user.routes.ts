import { UserCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { UserService } from './user.service.js';

export function userRoutes(app: FastifyInstance, s: UserService): void {
  route(app, UserCalls.list, async ({ user, body }) => s.list(user, body));
  route(app, UserCalls.create, async ({ user, body, request }) => said('用户已创建', await s.create(user, request.ip, body)));
  route(app, UserCalls.update, async ({ user, body, request }) => said('用户已保存', await s.update(user, request.ip, body)));
  route(app, UserCalls.disable, async ({ user, body, request }) => said('用户已停用，其会话已结束', await s.setEnabled(user, request.ip, body.id, false)));
  route(app, UserCalls.enable, async ({ user, body, request }) => said('用户已启用', await s.setEnabled(user, request.ip, body.id, true)));
  route(app, UserCalls.unlock, async ({ user, body, request }) => said('账号已解锁', await s.unlock(user, request.ip, body.id)));
  route(app, UserCalls.resetPassword, async ({ user, body, request }) => said('密码已重置，该用户的会话已结束', await s.resetPassword(user, request.ip, body)));
}
