import { LIVE_STREAM_PATH } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { userOf } from '../plugins/auth.js';
import type { EventHub } from './event-hub.js';

/**
 * GET /api/events/stream: server-sent events for the signed-in caller. Any signed-in user may open
 * it; each event kind goes only to holders of its permission, and only with their scope's objects.
 */
export function streamRoutes(app: FastifyInstance, hub: EventHub): void {
  app.get(LIVE_STREAM_PATH, { config: { tokenInQuery: true } }, (request, reply) => {
    const user = userOf(request);
    // From here on the hub writes the response; Fastify neither sends nor times it.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx would otherwise buffer the stream and deliver it in lumps.
      'X-Accel-Buffering': 'no',
    });
    const disconnect = hub.connect(res, {
      scope: user.scope, devices: user.permissions.has('monitor:view'), warnings: user.permissions.has('warning:view'), tokenHash: user.tokenHash,
    });
    res.on('close', disconnect);
  });
}
