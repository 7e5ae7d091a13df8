import { DeviceKind, TrackCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { TRACK_EXPORT_COLUMNS, trackFileName } from './track.export.js';
import type { TrackService } from './track.service.js';

export function trackRoutes(app: FastifyInstance, tracks: TrackService): void {
  route(app, TrackCalls.replayWired, async ({ user, query }) => tracks.replay(user.scope, DeviceKind.wired, query));
  route(app, TrackCalls.replayWireless, async ({ user, query }) => tracks.replay(user.scope, DeviceKind.wireless, query));

  // The replay screen's 导出Excel / 导出KML: the same device, period and scope as the replay itself.
  route(app, TrackCalls.replayExport, async ({ user, query: q, reply }) => {
    const fileName = trackFileName(q, q.format);
    if (q.format === 'xlsx') return sendXlsx(reply, fileName, TRACK_EXPORT_COLUMNS, await tracks.exportPages(user.scope, q));
    const kml = await tracks.exportKml(user.scope, q);
    return reply
      .header('Content-Type', 'application/vnd.google-earth.kml+xml; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="track.kml"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send(kml);
  });
}
