import { LIVE_STREAM_PATH, LiveStreamQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { parse } from '../lib/validate.js';
import { userOf } from '../plugins/auth.js';
import { HEARTBEAT_MS, type EventHub } from './event-hub.js';

/**
 * GET /api/events/stream: server-sent events for the signed-in caller. Any signed-in user may open
 * it; each event kind goes only to holders of its permission, and only with their scope's objects;
 * `?events=` narrows it to the events the reader listens to.
 */
export function streamRoutes(app: FastifyInstance, hub: EventHub): void {
  app.get(LIVE_STREAM_PATH, { config: { tokenInQuery: true } }, (request, reply) => {
    const user = userOf(request);
    const { events } = parse(LiveStreamQuery, request.query);
    const wants = (...names: ('devices' | 'warning' | 'warningHandled')[]) => !events || names.some((n) => events.has(n));
    // From here on the hub writes the response; Fastify neither sends nor times it.
    reply.hijack();
    const res = reply.raw;
    // Its own idle time-out instead of HTTP_IDLE_SECONDS, which may be shorter than the heartbeat: the
    // stream is closed only when nothing could be sent for three heartbeats (its reader stopped reading).
    request.raw.socket.setTimeout(3 * HEARTBEAT_MS);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx would otherwise buffer the stream and deliver it in lumps.
      'X-Accel-Buffering': 'no',
    });
    const disconnect = hub.connect(res, {
      scope: user.scope,
      devices: user.permissions.has('monitor:view') && wants('devices'),
      warnings: user.permissions.has('warning:view') && wants('warning', 'warningHandled'),
      tokenHash: user.tokenHash,
      deptId: user.deptId,
    });
    res.on('close', disconnect);
  });
}
