import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { EventHub } from '../../events/event-hub.js';
import type { Telemetry } from '../../telemetry/telemetry.js';
import { createCountCache } from './count-cache.js';
import { createWarningDealRepository } from './warning-deal.repository.js';
import { createWarningRepository } from './warning.repository.js';
import { warningRoutes } from './warning.routes.js';
import { createWarningService, regradeWith } from './warning.service.js';

/**
 * The risk-warning list and its handling; each handling is announced on the live stream. The list's
 * totals are reused for a few seconds and dropped whenever a warning is raised or handled.
 */
export function registerWarnings(
  app: FastifyInstance,
  { db, bulk, hub, telemetry }: { db: Db; bulk: Db; hub: Pick<EventHub, 'warningsHandled'>; telemetry: Pick<Telemetry, 'onWarning'> },
): void {
  const repo = createWarningRepository(db, bulk);
  const counts = createCountCache();
  const stop = telemetry.onWarning(() => counts.invalidate());
  app.addHook('onClose', async () => stop());
  const service = createWarningService({
    list: repo,
    deal: createWarningDealRepository(db),
    counts,
    regrade: regradeWith(db),
    announce: (handled) => hub.warningsHandled(handled.map((h) => ({ id: h.id, deptId: h.dept_id }))),
  });
  warningRoutes(app, service, repo);
}
