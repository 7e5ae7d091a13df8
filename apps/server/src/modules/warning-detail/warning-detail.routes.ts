import {
  NearRiskPointsQuery, NotStatisticsListQuery, PUSH_MESSAGES, WARNING_DETAIL_PATHS, WarningDetailQuery, WarningPushForm, type WarningNotPushConfig,
} from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { WarningDetailService } from './warning-detail.service.js';

const BASE = '/api/report/riskWarning';

/**
 * The warning detail and the do-not-push exclusion. The detail dialog's form (cancelWarningPush /
 * pushTheWarningType) and the list screen's (cancelWarningByDeviceNumber / allowWarningByDeviceNumber)
 * are two doors to one table: an excluded device and type is recorded but not pushed, not in the
 * ticker and not in the top-bar count ("not statistics").
 */
export function warningDetailRoutes(app: FastifyInstance, details: WarningDetailService): void {
  const view = { config: { permission: 'warning:view' as const } };
  const handle = { config: { permission: 'warning:handle' as const } };

  app.get(WARNING_DETAIL_PATHS.details, view, async (request) =>
    ok(await details.details(userOf(request), parse(WarningDetailQuery, request.query))),
  );

  app.get(WARNING_DETAIL_PATHS.notPushConfig, view, async (request) =>
    ok<WarningNotPushConfig>({ entity: await details.exclusion(userOf(request), parse(WarningPushForm, request.query)) }),
  );

  for (const path of [WARNING_DETAIL_PATHS.cancelPush, `${BASE}/cancelWarningByDeviceNumber`]) {
    app.post(path, handle, async (request) => {
      await details.setExcluded(userOf(request), parse(WarningPushForm, request.body), true);
      return ok(null, PUSH_MESSAGES.cancelled.zh);
    });
  }

  app.post(WARNING_DETAIL_PATHS.restorePush, handle, async (request) => {
    await details.setExcluded(userOf(request), parse(WarningPushForm, request.body), false);
    return ok(null, PUSH_MESSAGES.restored.zh);
  });

  app.delete(`${BASE}/allowWarningByDeviceNumber`, handle, async (request) => {
    await details.setExcluded(userOf(request), parse(WarningPushForm, request.query), false);
    return ok(null, PUSH_MESSAGES.restored.zh);
  });

  app.post(`${BASE}/getDeviceNotStatisticsList`, view, async (request) =>
    ok(await details.exclusions(userOf(request), parse(NotStatisticsListQuery, request.body))),
  );

  app.get(WARNING_DETAIL_PATHS.nearRiskPoints, view, async (request) =>
    ok(await details.nearRiskPoints(userOf(request), parse(NearRiskPointsQuery, request.query).id)),
  );
}
