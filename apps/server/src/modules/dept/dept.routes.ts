import { DeptTreeQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { createDeptService } from './dept.service.js';

export function deptRoutes(app: FastifyInstance, depts: ReturnType<typeof createDeptService>): void {
  app.get('/api/dept/getDeptTreeByUserId', async (request) => {
    const { userid } = parse(DeptTreeQuery, request.query);
    return ok(await depts.treeForUser(userOf(request), userid));
  });
}
