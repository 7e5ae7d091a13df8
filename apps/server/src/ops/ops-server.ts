import http from 'node:http';
import type { Registry } from 'prom-client';
import { LIVE, readinessBody, type Health } from './health.js';

export type OpsServer = { port: number; close(): Promise<void> };

type Reply = { status: number; type: string; body: string };

const json = (status: number, value: object): Reply => ({ status, type: 'application/json; charset=utf-8', body: JSON.stringify(value) });

async function answer(req: http.IncomingMessage, o: { health: Health; registry: Registry }): Promise<Reply> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { status: 'method not allowed' });
  switch ((req.url ?? '').split('?')[0]) {
    case '/healthz':
      return json(200, LIVE);
    case '/readyz': {
      const r = await o.health.check();
      return json(r.ready ? 200 : 503, readinessBody(r));
    }
    case '/metrics':
      return { status: 200, type: o.registry.contentType, body: await o.registry.metrics() };
    default:
      return json(404, { status: 'not found' });
  }
}

/**
 * The process's operations port (METRICS_PORT): /metrics for Prometheus, /healthz and /readyz for
 * load balancers and Kubernetes, in every role. Plain node:http: three GET paths need no framework,
 * and a gateway or worker has no other HTTP server to share. Only operators' tools call it, so few
 * connections and short time-outs.
 */
export function startOpsServer(o: { host: string; port: number; health: Health; registry: Registry }): Promise<OpsServer> {
  const server = http.createServer((req, res) => {
    answer(req, o).catch(() => json(500, { status: 'error' })).then((r) => {
      res.writeHead(r.status, { 'content-type': r.type, 'content-length': Buffer.byteLength(r.body), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : r.body);
    });
  });
  server.headersTimeout = 5000;
  server.requestTimeout = 10_000;
  server.maxConnections = 64;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : o.port,
        close: () => new Promise((done) => {
          server.close(() => done());
          // Prometheus keeps its connection alive between scrapes.
          server.closeAllConnections();
        }),
      });
    });
  });
}
