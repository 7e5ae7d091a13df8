import type { AppModule } from '../app-module.js';
import { createCustomerListRepository } from './customer-list.repository.js';
import { customerRoutes } from './customer.routes.js';
import { createCustomerService } from './customer.service.js';
import { createLoanFraudRepository } from './loan-fraud.repository.js';
import { createLoanFraudService } from './loan-fraud.service.js';

/** The customer lists and loan fraud. Their totals are reused briefly and dropped by any change that moves one. */
export const customerModule: AppModule = (app, { db, telemetry, shared }) => {
  const counts = shared.customerCounts();
  // A raised warning can change a grade and always an unhandled count.
  const stop = telemetry.onWarning(() => counts.invalidate());
  app.addHook('onClose', async () => stop());
  customerRoutes(app, createCustomerService(createCustomerListRepository(db), counts), createLoanFraudService(createLoanFraudRepository(db), () => counts.invalidate()));
};
