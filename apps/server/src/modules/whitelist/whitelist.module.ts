import type { AppModule } from '../app-module.js';
import { createWhiteListRepository } from './whitelist.repository.js';
import { whiteListRoutes } from './whitelist.routes.js';
import { createWhiteListService } from './whitelist.service.js';

export const whiteListModule: AppModule = (app, { db }) => whiteListRoutes(app, createWhiteListService(createWhiteListRepository(db)));
