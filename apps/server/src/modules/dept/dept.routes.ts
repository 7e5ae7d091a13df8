import { DeptCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { createDeptService } from './dept.service.js';

export function deptRoutes(app: FastifyInstance, depts: ReturnType<typeof createDeptService>): void {
  route(app, DeptCalls.tree, async ({ user, query }) => depts.treeForUser(user, query.userid));
  route(app, DeptCalls.financial, async ({ user, query }) => depts.financialOf(user, query.deptid));
}
