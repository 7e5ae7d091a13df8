import { CustomerCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { CUSTOMER_EXPORT_COLUMNS, LOAN_FRAUD_EXPORT_COLUMNS, OVERDUE_EXPORT_COLUMNS } from './customer-columns.js';
import type { CustomerService } from './customer.service.js';
import type { LoanFraudService } from './loan-fraud.service.js';

export function customerRoutes(app: FastifyInstance, customers: CustomerService, fraud: LoanFraudService): void {
  route(app, CustomerCalls.gradeDict, async () => customers.gradeDict());
  route(app, CustomerCalls.list, async ({ user, body }) => customers.list(user, body));
  route(app, CustomerCalls.export, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('风险客户'), CUSTOMER_EXPORT_COLUMNS, customers.exportCustomers(user, body)),
  );
  route(app, CustomerCalls.overdueList, async ({ user, body }) => customers.overdue(user, body));
  route(app, CustomerCalls.overdueExport, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('逾期客户'), OVERDUE_EXPORT_COLUMNS, customers.exportOverdue(user, body)),
  );
  route(app, CustomerCalls.fraudList, async ({ user, body }) => fraud.list(user, body));
  route(app, CustomerCalls.fraudExport, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('骗贷客户'), LOAN_FRAUD_EXPORT_COLUMNS, fraud.exportPages(user, body)),
  );
  route(app, CustomerCalls.markFraud, async ({ user, body }) => said(await fraud.mark(user, body), null));
  route(app, CustomerCalls.suggestions, async ({ user, body }) => fraud.suggestions(user, body));
  route(app, CustomerCalls.decideSuggestion, async ({ user, body }) => said(await fraud.decide(user, body), null));
  route(app, CustomerCalls.fraudHistory, async ({ user, query }) => fraud.history(user, query.customerId));
}
