import type { AppModule } from '../app-module.js';
import { monitorRoutes } from './monitor.routes.js';

export const monitorModule: AppModule = (app, { shared }) => monitorRoutes(app, shared.monitor());
