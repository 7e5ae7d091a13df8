import type { AppModule } from '../app-module.js';
import { menuRoutes } from './menu.routes.js';

export const menuModule: AppModule = (app) => menuRoutes(app);
