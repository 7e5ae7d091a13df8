import type { AppModule } from '../app-module.js';
import { createWarningFeedRepository } from './warning-feed.repository.js';
import { warningFeedRoutes } from './warning-feed.routes.js';
import { createWarningFeedService } from './warning-feed.service.js';

export const warningFeedModule: AppModule = (app, { db, shared }) =>
  warningFeedRoutes(app, createWarningFeedService(createWarningFeedRepository(db), shared.inApp()));
