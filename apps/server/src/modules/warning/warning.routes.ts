import { WarningCalls, type DealResult } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { CUSTOMER_COUNT_COLUMNS, WARNING_EXPORT_COLUMNS } from './warning.export.js';
import type { WarningService } from './warning.service.js';

/** The risk-warning list (风险预警): filters, handling, exports, and the small look-ups around it. */
export function warningRoutes(app: FastifyInstance, warnings: WarningService): void {
  // The handling's message says how many were handled (处理成功，共处理N条预警).
  const dealt = ({ msg, ...result }: DealResult & { msg: string }) => said(msg, result);

  route(app, WarningCalls.typeDict, async () => warnings.typeDict());
  route(app, WarningCalls.list, async ({ user, body }) => warnings.list(user, body));
  route(app, WarningCalls.unifyDeal, async ({ user, body, request }) => dealt(await warnings.unify(user, request.ip, body)));
  route(app, WarningCalls.treat, async ({ user, body, request }) => dealt(await warnings.treat(user, request.ip, body)));
  route(app, WarningCalls.unifyDealBatch, async ({ user, body, request }) => dealt(await warnings.batch(user, request.ip, body)));
  route(app, WarningCalls.byDeviceAndType, async ({ user, query }) => warnings.openOfDevice(user, query));
  route(app, WarningCalls.nextUnhandled, async ({ user, query }) => warnings.next(user, query.id));
  route(app, WarningCalls.countByCar, async ({ user, query }) => warnings.countsOfCar(user, query.carid));
  route(app, WarningCalls.quick, async ({ user, body }) => warnings.quick(user, body.quickParam));
  route(app, WarningCalls.download, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('风险预警'), WARNING_EXPORT_COLUMNS, warnings.exportPages(user, body)),
  );
  route(app, WarningCalls.downloadCustomer, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('客户预警统计'), CUSTOMER_COUNT_COLUMNS, warnings.customerCountPages(user, body)),
  );
}
