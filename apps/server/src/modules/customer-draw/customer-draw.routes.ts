import { CustomerDrawCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { CustomerDrawService } from './customer-draw.service.js';

export function customerDrawRoutes(app: FastifyInstance, draw: CustomerDrawService): void {
  route(app, CustomerDrawCalls.byDevice, async ({ user, query }) => draw.byDevice(user, query.deviceNumber));
  route(app, CustomerDrawCalls.warningCounts, async ({ user, body }) => draw.warningCounts(user, body.customerid));
  route(app, CustomerDrawCalls.customer, async ({ user, query }) => draw.customer(user, query.customerid));
  route(app, CustomerDrawCalls.use, async ({ user, query }) => draw.use(user, query.carid));
  route(app, CustomerDrawCalls.trips, async ({ user, query }) => draw.trips(user, query.carid));
  route(app, CustomerDrawCalls.stops7, async ({ user, query }) => draw.stops7(user, query.carid));
  route(app, CustomerDrawCalls.driving7, async ({ user, query }) => draw.driving7(user, query.carid));
  route(app, CustomerDrawCalls.driving30, async ({ user, query }) => draw.driving30(user, query.carid));
  route(app, CustomerDrawCalls.warnings, async ({ user, query }) => draw.warnings(user, query.carid));
}
