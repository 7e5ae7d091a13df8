import type { AppModule } from '../app-module.js';
import { createAuditRepository } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService } from './audit.service.js';

export const auditModule: AppModule = (app, { db, bulk }) => auditRoutes(app, createAuditService(createAuditRepository(db), createAuditRepository(bulk)));
