import { MenuCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { menuFor } from './menu.service.js';

export function menuRoutes(app: FastifyInstance): void {
  route(app, MenuCalls.navigate, async ({ user }) => menuFor(user.permissions));
}
