import { TrackExportQuery, TrackQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { userOf } from '../../plugins/auth.js';
import { TRACK_EXPORT_COLUMNS, trackFileName } from './track.export.js';
import type { TrackService } from './track.service.js';

export function trackRoutes(app: FastifyInstance, tracks: TrackService): void {
  app.get('/api/device/trackReplayWired', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await tracks.replay(userOf(request).scope, 1, parse(TrackQuery, request.query))),
  );
  app.get('/api/device/trackReplayWireless', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await tracks.replay(userOf(request).scope, 2, parse(TrackQuery, request.query))),
  );

  // The replay screen's 导出Excel / 导出KML: the same device, period and scope as the replay itself.
  app.get('/api/device/trackReplayExport', { config: { permission: 'monitor:view' } }, async (request, reply) => {
    const q = parse(TrackExportQuery, request.query);
    const scope = userOf(request).scope;
    const fileName = trackFileName(q, q.format);
    if (q.format === 'xlsx') return sendXlsx(reply, fileName, TRACK_EXPORT_COLUMNS, await tracks.exportPages(scope, q));
    const kml = await tracks.exportKml(scope, q);
    return reply
      .header('Content-Type', 'application/vnd.google-earth.kml+xml; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="track.kml"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send(kml);
  });
}
