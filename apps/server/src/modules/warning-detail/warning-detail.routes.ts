import { PUSH_MESSAGES, WarningDetailCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { WarningDetailService } from './warning-detail.service.js';

/**
 * The warning detail and the do-not-push exclusion. The detail dialog's form (cancelWarningPush /
 * pushTheWarningType) and the list screen's (cancelWarningByDeviceNumber / allowWarningByDeviceNumber)
 * are two doors to one table: an excluded device and type is recorded but not pushed, not in the
 * ticker and not in the top-bar count ("not statistics").
 */
export function warningDetailRoutes(app: FastifyInstance, details: WarningDetailService): void {
  route(app, WarningDetailCalls.details, async ({ user, query }) => details.details(user, query));
  route(app, WarningDetailCalls.notPushConfig, async ({ user, query }) => ({ entity: await details.exclusion(user, query) }));

  for (const call of [WarningDetailCalls.cancelPush, WarningDetailCalls.cancelByDevice]) {
    route(app, call, async ({ user, body, request }) => {
      await details.setExcluded(user, request.ip, body, true);
      return said(PUSH_MESSAGES.cancelled.zh, null);
    });
  }
  route(app, WarningDetailCalls.restorePush, async ({ user, body, request }) => {
    await details.setExcluded(user, request.ip, body, false);
    return said(PUSH_MESSAGES.restored.zh, null);
  });
  route(app, WarningDetailCalls.allowByDevice, async ({ user, query, request }) => {
    await details.setExcluded(user, request.ip, query, false);
    return said(PUSH_MESSAGES.restored.zh, null);
  });

  route(app, WarningDetailCalls.notStatisticsList, async ({ user, body }) => details.exclusions(user, body));
  route(app, WarningDetailCalls.nearRiskPoints, async ({ user, query }) => details.nearRiskPoints(user, query.id));
}
