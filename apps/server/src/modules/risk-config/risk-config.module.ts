import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createRiskConfigRepository } from './risk-config.repository.js';
import { riskConfigRoutes } from './risk-config.routes.js';
import { createRiskConfigService } from './risk-config.service.js';

export const riskConfigModule: AppModule = (app, { db }) =>
  riskConfigRoutes(app, createRiskConfigService(createRiskConfigRepository(db), auditedWrite(db, createRiskConfigRepository)));
