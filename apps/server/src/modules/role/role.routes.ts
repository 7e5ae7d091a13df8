import { RoleCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { RoleService } from './role.service.js';

export function roleRoutes(app: FastifyInstance, s: RoleService): void {
  route(app, RoleCalls.list, async ({ user, body }) => s.list(user, body));
  route(app, RoleCalls.create, async ({ user, body, request }) => said('角色已创建', await s.create(user, request.ip, body)));
  route(app, RoleCalls.update, async ({ user, body, request }) => said('角色已保存，其用户下一次操作起按新权限', await s.update(user, request.ip, body)));
  route(app, RoleCalls.delete, async ({ user, body, request }) => {
    await s.remove(user, request.ip, body.id);
    return said('角色已删除', null);
  });
}
