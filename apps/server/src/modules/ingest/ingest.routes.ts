import { INGEST_KEY_HEADER, IngestCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { IngestService } from './ingest.service.js';

/** Integrations push positions with their API key; no user session is involved. */
export function ingestRoutes(app: FastifyInstance, ingest: IngestService): void {
  // The key is checked before the body, so the service parses the declared body after it, not the route.
  const { body: _parsedByService, ...positions } = IngestCalls.positions;
  route(
    app,
    positions,
    async ({ request }) => {
      const header = request.headers[INGEST_KEY_HEADER];
      const result = await ingest.ingest({ key: typeof header === 'string' ? header : undefined, ip: request.ip, call: positions.path }, request.body);
      return said(result.rejected ? `已接收 ${result.stored + result.duplicates} 条，拒绝 ${result.rejected} 条` : '已接收', result);
    },
    { bodyLimit: 8 * 1024 * 1024 },
  );

  // Administrators issue keys; the key is in this one answer and nowhere else.
  route(app, IngestCalls.createIntegration, async ({ user, body, request }) =>
    said('已创建，请妥善保存 API key，它只显示这一次', await ingest.createIntegration(user, request.ip, body)),
  );
  route(app, IngestCalls.listIntegrations, async ({ user }) => ingest.list(user));
  route(app, IngestCalls.revokeIntegration, async ({ user, body, request }) =>
    said('已吊销，使用该密钥的对接将立即被拒绝', await ingest.revokeIntegration(user, request.ip, body.id)),
  );
}
