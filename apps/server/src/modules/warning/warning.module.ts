import type { AppModule } from '../app-module.js';
import { createCustomerGradeRepository } from '../../engine/customer-grade.repository.js';
import { createCountCache } from '../../lib/count-cache.js';
import { createWarningDealRepository } from './warning-deal.repository.js';
import { createWarningRepository } from './warning.repository.js';
import { warningRoutes } from './warning.routes.js';
import { createWarningService, regradeWith } from './warning.service.js';

/**
 * The risk-warning list and its handling; each handling is announced on the live stream. The list's
 * totals are reused for a few seconds and dropped whenever a warning is raised or handled.
 */
export const warningModule: AppModule = (app, { db, bulk, telemetry, shared }) => {
  const hub = shared.hub();
  const repo = createWarningRepository(db, bulk);
  const counts = createCountCache();
  const stop = telemetry.onWarning(() => counts.invalidate());
  app.addHook('onClose', async () => stop());
  const service = createWarningService({
    list: repo,
    deal: createWarningDealRepository(db),
    counts,
    regrade: regradeWith(createCustomerGradeRepository(db)),
    announce: (handled) => {
      // Handling changes unhandled counts and grades, which the customer lists count.
      shared.customerCounts().invalidate();
      hub.warningsHandled(handled.map((h) => ({ id: h.id, deptId: h.dept_id })));
    },
  });
  warningRoutes(app, service);
};
