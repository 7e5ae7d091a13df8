import type { AppModule } from '../app-module.js';
import { carRoutes } from './car.routes.js';
import { createCarService } from './car.service.js';

export const carModule: AppModule = (app, { shared }) => carRoutes(app, createCarService(shared.cars()));
