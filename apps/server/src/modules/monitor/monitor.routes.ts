import { MonitorCardQuery, MonitorDevicesQuery, MonitorSearchQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { MonitorService } from './monitor.service.js';

/** The vehicle-monitoring map (onlineMonitoring): every device in scope, one device's card, the device search. */
export function monitorRoutes(app: FastifyInstance, monitor: MonitorService): void {
  app.get('/api/monitor/devices', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await monitor.devices(userOf(request), parse(MonitorDevicesQuery, request.query))),
  );
  app.get('/api/monitor/deviceCard', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await monitor.card(userOf(request), parse(MonitorCardQuery, request.query))),
  );
  app.get('/api/monitor/search', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await monitor.search(userOf(request), parse(MonitorSearchQuery, request.query))),
  );
}
