import { RiskPointCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { RiskPointService } from './riskpoint.service.js';

export function riskPointRoutes(app: FastifyInstance, points: RiskPointService): void {
  // Shared: points of the finance institution or platform above the caller (server-behaviour §1).
  route(app, RiskPointCalls.nearShared, async ({ user, query }) => points.near(user, 'shared', query));
  route(app, RiskPointCalls.nearOwn, async ({ user, query }) => points.near(user, 'own', query));
  route(app, RiskPointCalls.list, async ({ user, query }) => points.list(user, query));
  route(app, RiskPointCalls.save, async ({ user, body }) => said(body.id ? '风险点已修改' : '风险点已创建', { entity: await points.save(user, body) }));
  route(app, RiskPointCalls.remove, async ({ user, query }) => {
    await points.remove(user, query.id);
    return said('风险点已删除', null);
  });
}
