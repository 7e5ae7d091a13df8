import { INGEST_KEY_HEADER } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import type { IngestService } from './ingest.service.js';

/** Integrations push positions with their API key; no user session is involved. */
export function ingestRoutes(app: FastifyInstance, ingest: IngestService): void {
  app.post('/api/ingest/positions', { config: { public: true }, bodyLimit: 8 * 1024 * 1024 }, async (request) => {
    const header = request.headers[INGEST_KEY_HEADER];
    const key = typeof header === 'string' ? header : undefined;
    const result = await ingest.ingest(key, request.body);
    return ok(result, result.rejected ? `已接收 ${result.stored + result.duplicates} 条，拒绝 ${result.rejected} 条` : '已接收');
  });
}
