import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

const NAME = 'cvrisk_http_request_duration_seconds';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Times every request of the console and API by its route pattern (`/api/car/:id`), never the raw
 * URL: ids and query strings would make a series per request. A request no route took is `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = (registry.getSingleMetric(NAME) as Histogram<'method' | 'route' | 'status'> | undefined) ?? new Histogram({
    name: NAME,
    help: 'HTTP requests of the console and API by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}
