import { TrackQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { TrackService } from './track.service.js';

export function trackRoutes(app: FastifyInstance, tracks: TrackService): void {
  app.get('/api/device/trackReplayWired', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await tracks.replay(userOf(request).scope, 1, parse(TrackQuery, request.query))),
  );
  app.get('/api/device/trackReplayWireless', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await tracks.replay(userOf(request).scope, 2, parse(TrackQuery, request.query))),
  );
}
