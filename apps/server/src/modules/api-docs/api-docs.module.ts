import type { AppModule } from '../app-module.js';
import { apiDocsRoutes } from './api-docs.routes.js';

export const apiDocsModule: AppModule = (app, { config }) => apiDocsRoutes(app, config.apiDocs);
