import type { FastifyInstance } from 'fastify';
import { okData } from '../../lib/reply.js';
import { userOf } from '../../plugins/auth.js';
import { menuFor } from './menu.service.js';

export function menuRoutes(app: FastifyInstance): void {
  app.post('/menu/navigate', async (request) => okData(menuFor(userOf(request).permissions)));
}
