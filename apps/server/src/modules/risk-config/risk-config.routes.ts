import { RiskConfigCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import { APPLIES_WITHIN } from '../../engine/context.js';
import type { RiskConfigService } from './risk-config.service.js';

/** 预警配置: a finance institution's warning thresholds. */
export function riskConfigRoutes(app: FastifyInstance, configs: RiskConfigService): void {
  route(app, RiskConfigCalls.get, async ({ user, query }) => configs.get(user, query.deptId));
  route(app, RiskConfigCalls.save, async ({ user, body, request }) =>
    said(`预警配置已保存，${APPLIES_WITHIN}`, await configs.save(user, request.ip, body.deptId, body.config)),
  );
  route(app, RiskConfigCalls.reset, async ({ user, body, request }) =>
    said(`已恢复默认预警配置，${APPLIES_WITHIN}`, await configs.reset(user, request.ip, body.deptId)),
  );
}
