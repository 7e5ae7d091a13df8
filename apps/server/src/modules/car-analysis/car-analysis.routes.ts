import { CarAnalysisCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { noPermission } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import type { CarAnalysisService } from './car-analysis.service.js';

/** The warning detail (warning:view) and the user portrait (customer:view) both show the analysis. */
const MAY_SEE = ['warning:view', 'customer:view'];

export function carAnalysisRoutes(app: FastifyInstance, analysis: CarAnalysisService): void {
  route(app, CarAnalysisCalls.analysis, async ({ user, query }) => {
    if (!MAY_SEE.some((p) => user.permissions.has(p))) throw noPermission();
    return analysis.analyse(user.scope, query.carid);
  });
}
