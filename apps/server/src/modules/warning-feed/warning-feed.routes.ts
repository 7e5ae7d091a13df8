import { QUICK_SEARCH_PATH, QuickSearchQuery, RiskWarningFeedQuery, WARNING_FEED_PATHS } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { WarningFeedService } from './warning-feed.service.js';

/** The top bar: ticker, badge count, the badge's dialog, and the quick search. */
export function warningFeedRoutes(app: FastifyInstance, feed: WarningFeedService): void {
  app.post(WARNING_FEED_PATHS.ticker, { config: { permission: 'warning:view' } }, async (request) => ok(await feed.ticker(userOf(request))));

  app.post(WARNING_FEED_PATHS.count, { config: { permission: 'warning:view' } }, async (request) => ok(await feed.count(userOf(request))));

  app.post(WARNING_FEED_PATHS.list, { config: { permission: 'warning:view' } }, async (request) =>
    ok(await feed.list(userOf(request), parse(RiskWarningFeedQuery, request.body))),
  );

  // Any signed-in user: the service answers each group only to holders of its permission.
  app.post(QUICK_SEARCH_PATH, async (request) =>
    ok(await feed.quick(userOf(request), parse(QuickSearchQuery, request.body).quickParam)),
  );
}
