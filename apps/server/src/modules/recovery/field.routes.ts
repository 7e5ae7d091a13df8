import { FIELD_STREAM_PATH, FIELD_STREAM_POLL_MS, FieldCalls, FieldViewQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_MS } from '../../events/event-hub.js';
import { sseComment, sseMessage, sseRetry } from '../../events/sse.js';
import { route } from '../../lib/route.js';
import { parse } from '../../lib/validate.js';
import type { FieldService } from './field.service.js';
import type { FieldRate } from './field-rate.js';

const userAgentOf = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h) ?? '';

/**
 * The field page's calls, public: the token is the key. The view records an opening; the stream
 * (server-sent events) sends `position` when the cars move and `gone` when the link stops working
 * (expired, revoked, the case closed), then ends.
 */
export function fieldRoutes(app: FastifyInstance, field: FieldService, rate: FieldRate, onError: (err: unknown) => void): void {
  route(app, FieldCalls.view, async ({ body, request }) => field.view(body.token, request.ip, userAgentOf(request.headers['user-agent'])));

  app.get(FIELD_STREAM_PATH, { config: { public: true } }, async (request, reply) => {
    const { token } = parse(FieldViewQuery, request.query);
    const link = await field.admit(token, request.ip);
    const release = rate.openStream(link.id, request.ip);
    reply.hijack();
    const res = reply.raw;
    request.raw.socket.setTimeout(3 * HEARTBEAT_MS);
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write(sseRetry(5000));
    let last = '';
    let busy = false;
    const tick = async () => {
      if (busy || res.destroyed || res.writableEnded) return;
      busy = true;
      try {
        const now = await field.poll(token);
        if ('gone' in now) {
          res.write(sseMessage('gone', { reason: now.gone }));
          res.end();
          return;
        }
        const text = JSON.stringify(now.positions);
        if (text !== last) {
          last = text;
          res.write(sseMessage('position', now.positions));
        }
      } catch (err) {
        onError(err);
      } finally {
        busy = false;
      }
    };
    const poll = setInterval(() => void tick(), FIELD_STREAM_POLL_MS);
    const heartbeat = setInterval(() => res.write(sseComment('ping')), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(poll);
      clearInterval(heartbeat);
      release();
    });
    void tick();
  });
}
