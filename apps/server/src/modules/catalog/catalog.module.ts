import type { AppModule } from '../app-module.js';
import { createCatalogRepository } from './catalog.repository.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogService } from './catalog.service.js';

export const catalogModule: AppModule = (app, { db }) => catalogRoutes(app, createCatalogService(createCatalogRepository(db)));
