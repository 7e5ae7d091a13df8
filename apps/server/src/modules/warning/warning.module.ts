import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { EventHub } from '../../events/event-hub.js';
import { createWarningDealRepository } from './warning-deal.repository.js';
import { createWarningRepository } from './warning.repository.js';
import { warningRoutes } from './warning.routes.js';
import { createWarningService, regradeWith } from './warning.service.js';

/** The risk-warning list and its handling; each handling is announced on the live stream. */
export function registerWarnings(app: FastifyInstance, { db, hub }: { db: Db; hub: Pick<EventHub, 'warningsHandled'> }): void {
  const repo = createWarningRepository(db);
  const service = createWarningService({
    list: repo,
    deal: createWarningDealRepository(db),
    regrade: regradeWith(db),
    announce: (handled) => hub.warningsHandled(handled.map((h) => ({ id: h.id, deptId: h.dept_id }))),
  });
  warningRoutes(app, service, repo);
}
