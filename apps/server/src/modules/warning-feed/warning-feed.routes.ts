import { QuickSearchCalls, WarningFeedCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { WarningFeedService } from './warning-feed.service.js';

/** The top bar: ticker, badge count, the badge's dialog, and the quick search. */
export function warningFeedRoutes(app: FastifyInstance, feed: WarningFeedService): void {
  route(app, WarningFeedCalls.ticker, async ({ user }) => feed.ticker(user));
  route(app, WarningFeedCalls.count, async ({ user }) => feed.count(user));
  route(app, WarningFeedCalls.list, async ({ user, body }) => feed.list(user, body));
  // Any signed-in user: the service answers each group only to holders of its permission.
  route(app, QuickSearchCalls.quick, async ({ user, body }) => feed.quick(user, body.quickParam));
}
