import { CAR_ANALYSIS_PATH, CarAnalysisQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { noPermission } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { CarAnalysisService } from './car-analysis.service.js';

/** The warning detail (warning:view) and the user portrait (customer:view) both show the analysis. */
const MAY_SEE = ['warning:view', 'customer:view'];

export function carAnalysisRoutes(app: FastifyInstance, analysis: CarAnalysisService): void {
  app.get(CAR_ANALYSIS_PATH, async (request) => {
    const user = userOf(request);
    if (!MAY_SEE.some((p) => user.permissions.has(p))) throw noPermission();
    return ok(await analysis.analyse(user.scope, parse(CarAnalysisQuery, request.query).carid));
  });
}
