import { CarBrandListQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import type { createCatalogService } from './catalog.service.js';

export function catalogRoutes(app: FastifyInstance, catalog: ReturnType<typeof createCatalogService>): void {
  app.get('/api/carBrand/getList', async (request) => ok(await catalog.brands(parse(CarBrandListQuery, request.query))));
  // The console calls the product list by both names (console-spec §7).
  for (const path of ['/pd/install/product/allProducts', '/pd/install/product/getAllProductsList']) {
    app.get(path, async () => ok(await catalog.products()));
  }
}
