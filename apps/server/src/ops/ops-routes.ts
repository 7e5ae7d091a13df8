import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Health } from './health.js';
import { LIVE, readinessBody } from './health.js';
import { registerHttpMetrics } from './http-metrics.js';

/**
 * /healthz and /readyz on the console's port (ROLE=all and api), for the load balancer in front of
 * it: public, no session read or written, nothing audited, and plain JSON rather than the {code,msg}
 * envelope, since load balancers and Kubernetes read the status and expect the small bodies every
 * service gives (docs/decisions.md). /metrics is not here: this port faces users; it is on
 * METRICS_PORT only. With metrics on, every request of the app is timed by route.
 */
export function registerOpsRoutes(app: FastifyInstance, ops: { health: Health; registry: Registry | null }): void {
  // Probes come every few seconds: the request log (LOG_LEVEL=info) is not filled with them.
  const options = { config: { public: true }, logLevel: 'warn' as const };
  app.get('/healthz', options, async (_request, reply) => reply.header('cache-control', 'no-store').send(LIVE));
  app.get('/readyz', options, async (_request, reply) => {
    const r = await ops.health.check();
    return reply.status(r.ready ? 200 : 503).header('cache-control', 'no-store').send(readinessBody(r));
  });
  if (ops.registry) registerHttpMetrics(app, ops.registry);
}
