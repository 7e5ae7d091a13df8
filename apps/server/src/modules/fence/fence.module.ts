import type { AppModule } from '../app-module.js';
import { createFenceRepository } from './fence.repository.js';
import { fenceRoutes } from './fence.routes.js';
import { createFenceService } from './fence.service.js';

export const fenceModule: AppModule = (app, { db }) => fenceRoutes(app, createFenceService(createFenceRepository(db)));
