import { GeoCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { GeoService } from './geo.service.js';

/** Address search and reverse geocoding: for any signed-in user, as places are not scoped data. */
export function geoRoutes(app: FastifyInstance, geo: GeoService): void {
  route(app, GeoCalls.search, async ({ query }) => geo.search(query.keyword));
  route(app, GeoCalls.reverse, async ({ query }) => geo.reverse(query.lng, query.lat));
}
