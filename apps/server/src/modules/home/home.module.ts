import type { AppModule } from '../app-module.js';
import { createCustomerRepository } from '../customer/customer.repository.js';
import { createHomeRepository } from './home.repository.js';
import { homeRoutes } from './home.routes.js';
import { createHomeService } from './home.service.js';

export const homeModule: AppModule = (app, { db, shared }) =>
  homeRoutes(app, createHomeService({ devices: shared.devices(), cars: shared.cars(), customers: createCustomerRepository(db), home: createHomeRepository(db) }));
