import type { AppModule } from '../app-module.js';
import { geoRoutes } from './geo.routes.js';

export const geoModule: AppModule = (app, { shared }) => geoRoutes(app, shared.geo());
