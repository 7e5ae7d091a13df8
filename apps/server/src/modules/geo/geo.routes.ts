import { GEO_MESSAGES, GeoReverseQuery, GeoSearchQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { badInput } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import type { GeoService } from './geo.service.js';

/** Address search and reverse geocoding: for any signed-in user, as places are not scoped data. */
export function geoRoutes(app: FastifyInstance, geo: GeoService): void {
  app.get('/api/geo/search', async (request) => {
    const keyword = (request.query as { keyword?: unknown }).keyword;
    // The console shows this message as it stands (console-spec §5), so it carries no field prefix.
    if (typeof keyword !== 'string' || !keyword.trim()) throw badInput(GEO_MESSAGES.emptyKeyword.zh);
    return ok(await geo.search(parse(GeoSearchQuery, request.query).keyword));
  });

  app.get('/api/geo/reverse', async (request) => {
    const q = parse(GeoReverseQuery, request.query);
    return ok(await geo.reverse(q.lng, q.lat));
  });
}
