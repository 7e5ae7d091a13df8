import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createWarningDetailRepository } from './warning-detail.repository.js';
import { warningDetailRoutes } from './warning-detail.routes.js';
import { createWarningDetailService } from './warning-detail.service.js';

export const warningDetailModule: AppModule = (app, { db, shared }) =>
  warningDetailRoutes(app, createWarningDetailService(createWarningDetailRepository(db), auditedWrite(db, createWarningDetailRepository), shared.geo(), shared.riskPoints()));
