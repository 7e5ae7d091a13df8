import {
  CarWarningCountQuery, DealBatchForm, DeviceWarningsQuery, TreatForm, WARNING_LIST_PATHS, WarningExportQuery, WarningListQuery, WarningQuickQuery,
  type DealResult,
} from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { userOf } from '../../plugins/auth.js';
import type { WarningRepository } from './warning.repository.js';
import { CUSTOMER_COUNT_COLUMNS, customerCountPages, WARNING_EXPORT_COLUMNS } from './warning.export.js';
import type { WarningService } from './warning.service.js';

/** The risk-warning list (风险预警): filters, handling, exports, and the small look-ups around it. */
export function warningRoutes(app: FastifyInstance, warnings: WarningService, repo: WarningRepository): void {
  const view = { config: { permission: 'warning:view' as const } };
  const handle = { config: { permission: 'warning:handle' as const } };
  const exporting = { config: { permission: 'warning:export' as const } };
  const dealt = ({ msg, ...result }: DealResult & { msg: string }) => ok<DealResult>(result, msg);

  app.post(WARNING_LIST_PATHS.typeDict, view, async () => ok(warnings.typeDict()));

  app.post(WARNING_LIST_PATHS.list, view, async (request) => ok(await warnings.list(userOf(request), parse(WarningListQuery, request.body))));

  app.put(WARNING_LIST_PATHS.unifyDeal, handle, async (request) => dealt(await warnings.unify(userOf(request), parse(TreatForm, request.body))));

  app.put(WARNING_LIST_PATHS.treat, handle, async (request) => dealt(await warnings.treat(userOf(request), parse(TreatForm, request.body))));

  app.put(WARNING_LIST_PATHS.unifyDealBatch, handle, async (request) => dealt(await warnings.batch(userOf(request), parse(DealBatchForm, request.body))));

  app.get(WARNING_LIST_PATHS.byDeviceAndType, view, async (request) =>
    ok(await warnings.openOfDevice(userOf(request), parse(DeviceWarningsQuery, request.query))),
  );

  app.get(WARNING_LIST_PATHS.countByCar, view, async (request) =>
    ok(await warnings.countsOfCar(userOf(request), parse(CarWarningCountQuery, request.query).carid)),
  );

  app.post(WARNING_LIST_PATHS.quick, view, async (request) => ok(await warnings.quick(userOf(request), parse(WarningQuickQuery, request.body).quickParam)));

  app.post(WARNING_LIST_PATHS.download, exporting, async (request, reply) => {
    const q = parse(WarningExportQuery, request.body);
    return sendXlsx(reply, exportFileName('风险预警'), WARNING_EXPORT_COLUMNS, warnings.exportPages(userOf(request), q));
  });

  app.post(WARNING_LIST_PATHS.downloadCustomer, exporting, async (request, reply) => {
    const q = parse(WarningExportQuery, request.body);
    return sendXlsx(reply, exportFileName('客户预警统计'), CUSTOMER_COUNT_COLUMNS, customerCountPages(repo, userOf(request), q));
  });
}
