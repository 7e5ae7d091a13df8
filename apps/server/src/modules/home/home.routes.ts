import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { userOf } from '../../plugins/auth.js';
import type { HomeService } from './home.service.js';

export function homeRoutes(app: FastifyInstance, home: HomeService): void {
  app.get('/api/indexMonitoring/deviceOnline', async (request) => ok(await home.deviceOnline(userOf(request).scope)));
  app.get('/api/indexMonitoring/customerCount', async (request) => ok(await home.customerCount(userOf(request).scope)));
  app.get('/api/indexMonitoring/carCount', async (request) => ok(await home.carCount(userOf(request).scope)));
}
