import type { AppModule } from '../app-module.js';
import { createCarAnalysisRepository } from '../car-analysis/car-analysis.repository.js';
import { createControlQueries } from '../vehicle-control/control-queries.js';
import { createControlRequestRepository } from '../vehicle-control/control-request.repository.js';
import { cancelOpenControls } from '../vehicle-control/control-sweep.js';
import { createCaseAccess } from './case-access.js';
import { createCaseDetailRepository } from './case-detail.repository.js';
import { createCaseDetailService } from './case-detail.service.js';
import { createCaseRepository } from './case.repository.js';
import { createCaseService } from './case.service.js';
import { createLinkService } from './field-link.service.js';
import { createFieldRate } from './field-rate.js';
import { fieldRoutes } from './field.routes.js';
import { createFieldService } from './field.service.js';
import { createLinkRepository } from './link.repository.js';
import { recoveryRoutes } from './recovery.routes.js';

/**
 * 追车管理 (issue 32): cases, their page, field links and the public field page. Immobilisation is the
 * vehicle-control module's; the case page reads its requests, and closing a case withdraws them.
 */
export const recoveryModule: AppModule = (app, { db, shared }) => {
  const cases = createCaseRepository(db);
  const controls = createControlQueries(db);
  const requests = createControlRequestRepository(db);
  const links = createLinkService({ db, repo: createLinkRepository(db) });
  const detail = createCaseDetailService({
    cases, detail: createCaseDetailRepository(db), analysis: createCarAnalysisRepository(db), geo: shared.geo(), links,
    controls: (user, row) => controls.forCase(user, row),
  });
  const caseService = createCaseService({
    db, repo: cases, access: createCaseAccess(db),
    onClose: cancelOpenControls,
  });
  recoveryRoutes(app, {
    cases: caseService, detail, links,
    awaitingApproval: async (user) => (await requests.pendingFor(user.scope, user.id)).length,
  });
  const rate = createFieldRate();
  const field = createFieldService({ links, cases, detail, rate });
  fieldRoutes(app, field, rate, (err) => app.log.warn({ err }, 'field link stream failed'));
};
