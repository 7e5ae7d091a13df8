import type { AppModule } from '../app-module.js';
import { createTrackRepository } from './track.repository.js';
import { trackRoutes } from './track.routes.js';
import { createTrackService } from './track.service.js';

export const trackModule: AppModule = (app, { db }) => trackRoutes(app, createTrackService(createTrackRepository(db)));
