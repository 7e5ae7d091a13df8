import { CatalogCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { createCatalogService } from './catalog.service.js';

export function catalogRoutes(app: FastifyInstance, catalog: ReturnType<typeof createCatalogService>): void {
  route(app, CatalogCalls.brands, async ({ query }) => catalog.brands(query));
  // The console calls the product list by both names (console-spec §7).
  route(app, CatalogCalls.products, async () => catalog.products());
  route(app, CatalogCalls.productsList, async () => catalog.products());
}
