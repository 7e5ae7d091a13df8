import { MonitorCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { MonitorService } from './monitor.service.js';

/** The vehicle-monitoring map (onlineMonitoring): every device in scope, one device's card, the device search. */
export function monitorRoutes(app: FastifyInstance, monitor: MonitorService): void {
  // The whole fleet (50,000 devices) is too large to walk through the reply schema on every load.
  route(app, MonitorCalls.devices, async ({ user, query }) => monitor.devices(user, query), { trustReply: true });
  route(app, MonitorCalls.deviceCard, async ({ user, query }) => monitor.card(user, query));
  route(app, MonitorCalls.search, async ({ user, query }) => monitor.search(user, query));
}
