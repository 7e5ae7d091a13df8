import type { AppModule } from '../app-module.js';
import { createCarAnalysisRepository } from './car-analysis.repository.js';
import { carAnalysisRoutes } from './car-analysis.routes.js';
import { createCarAnalysisService } from './car-analysis.service.js';

export const carAnalysisModule: AppModule = (app, { db, shared }) => carAnalysisRoutes(app, createCarAnalysisService(createCarAnalysisRepository(db), shared.geo()));
