import type { AppModule } from '../app-module.js';
import { createCustomerListRepository } from './customer-list.repository.js';
import { customerRoutes } from './customer.routes.js';
import { createCustomerService } from './customer.service.js';
import { createLoanFraudRepository } from './loan-fraud.repository.js';
import { createLoanFraudService } from './loan-fraud.service.js';

export const customerModule: AppModule = (app, { db }) =>
  customerRoutes(app, createCustomerService(createCustomerListRepository(db)), createLoanFraudService(createLoanFraudRepository(db)));
