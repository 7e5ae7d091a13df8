import type { AppModule } from '../app-module.js';
import { riskPointRoutes } from './riskpoint.routes.js';

export const riskPointModule: AppModule = (app, { shared }) => riskPointRoutes(app, shared.riskPoints());
