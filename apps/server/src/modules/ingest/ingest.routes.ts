import { CreateIntegration, INGEST_KEY_HEADER } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { IngestService } from './ingest.service.js';

/** Integrations push positions with their API key; no user session is involved. */
export function ingestRoutes(app: FastifyInstance, ingest: IngestService): void {
  app.post('/api/ingest/positions', { config: { public: true }, bodyLimit: 8 * 1024 * 1024 }, async (request) => {
    const header = request.headers[INGEST_KEY_HEADER];
    const key = typeof header === 'string' ? header : undefined;
    const result = await ingest.ingest(key, request.body);
    return ok(result, result.rejected ? `已接收 ${result.stored + result.duplicates} 条，拒绝 ${result.rejected} 条` : '已接收');
  });

  // Administrators issue keys; the key is in this one answer and nowhere else.
  app.post('/api/integration/create', { config: { permission: 'user:admin' } }, async (request) =>
    ok(await ingest.createIntegration(userOf(request), parse(CreateIntegration, request.body)), '已创建，请妥善保存 API key，它只显示这一次'),
  );
  app.get('/api/integration/list', { config: { permission: 'user:admin' } }, async (request) => ok(await ingest.list(userOf(request))));
}
