import type { AppModule } from '../app-module.js';
import { createDeptRepository } from './dept.repository.js';
import { deptRoutes } from './dept.routes.js';
import { createDeptService } from './dept.service.js';

export const deptModule: AppModule = (app, { db }) => deptRoutes(app, createDeptService(createDeptRepository(db)));
