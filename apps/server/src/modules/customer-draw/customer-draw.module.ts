import type { AppModule } from '../app-module.js';
import { createCustomerDrawRepository } from './customer-draw.repository.js';
import { customerDrawRoutes } from './customer-draw.routes.js';
import { createCustomerDrawService } from './customer-draw.service.js';

export const customerDrawModule: AppModule = (app, { db }) => customerDrawRoutes(app, createCustomerDrawService(createCustomerDrawRepository(db)));
