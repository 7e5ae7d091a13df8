import { RiskConfigQuery, RiskConfigSave } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import { APPLIES_WITHIN } from '../../engine/context.js';
import type { RiskConfigService } from './risk-config.service.js';

/** 预警配置: a finance institution's warning thresholds. */
export function riskConfigRoutes(app: FastifyInstance, configs: RiskConfigService): void {
  app.get('/api/riskConfig/getRiskWarningConfig', { config: { permission: 'warning:view' } }, async (request) =>
    ok(await configs.get(userOf(request), parse(RiskConfigQuery, request.query).deptId)),
  );

  app.post('/api/riskConfig/saveRiskWarningConfig', { config: { permission: 'config:edit' } }, async (request) => {
    const input = parse(RiskConfigSave, request.body);
    return ok(await configs.save(userOf(request), input.deptId, input.config), `预警配置已保存，${APPLIES_WITHIN}`);
  });

  app.post('/api/riskConfig/resetRiskWarningConfig', { config: { permission: 'config:edit' } }, async (request) => {
    const { deptId } = parse(RiskConfigQuery, request.body);
    return ok(await configs.reset(userOf(request), deptId), `已恢复默认预警配置，${APPLIES_WITHIN}`);
  });
}
