import { DeptAdminCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { DeptAdminService } from './dept-admin.service.js';

export function deptAdminRoutes(app: FastifyInstance, s: DeptAdminService): void {
  route(app, DeptAdminCalls.list, async ({ user }) => s.list(user));
  route(app, DeptAdminCalls.create, async ({ user, body, request }) => said('部门已新建', await s.create(user, request.ip, body)));
  route(app, DeptAdminCalls.update, async ({ user, body, request }) => said('部门已保存', await s.update(user, request.ip, body)));
  route(app, DeptAdminCalls.move, async ({ user, body, request }) => said('部门已移动', await s.move(user, request.ip, body)));
  route(app, DeptAdminCalls.disable, async ({ user, body, request }) => {
    const { item, ended } = await s.disable(user, request.ip, body.id);
    return said(ended > 0 ? `部门已停用，${ended}个会话已退出登录` : '部门已停用', item);
  });
  route(app, DeptAdminCalls.enable, async ({ user, body, request }) => said('部门已启用', await s.enable(user, request.ip, body.id)));
}
