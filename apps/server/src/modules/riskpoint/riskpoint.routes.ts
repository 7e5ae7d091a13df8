import { RiskPointDeleteQuery, RiskPointListQuery, RiskPointNearQuery, RiskPointSave } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { RiskPointService } from './riskpoint.service.js';

export function riskPointRoutes(app: FastifyInstance, points: RiskPointService): void {
  // Shared: points of the finance institution or platform above the caller (server-behaviour §1).
  app.get('/api/riskpoint/getDistanceRiskPointByCoordinate', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await points.near(userOf(request), 'shared', parse(RiskPointNearQuery, request.query))),
  );

  app.get('/api/riskpoint/getMyDistanceRiskPointByCoordinate', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await points.near(userOf(request), 'own', parse(RiskPointNearQuery, request.query))),
  );

  app.get('/api/riskpoint/getList', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await points.list(userOf(request), parse(RiskPointListQuery, request.query))),
  );

  app.post('/api/riskpoint/save', { config: { permission: 'riskPoint:edit' } }, async (request) => {
    const input = parse(RiskPointSave, request.body);
    return ok({ entity: await points.save(userOf(request), input) }, input.id ? '风险点已修改' : '风险点已创建');
  });

  app.delete('/api/riskpoint/delete', { config: { permission: 'riskPoint:edit' } }, async (request) => {
    await points.remove(userOf(request), parse(RiskPointDeleteQuery, request.query).id);
    return ok(null, '风险点已删除');
  });
}
