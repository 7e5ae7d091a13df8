import { formatTime, parseTime, type DeviceKind, type TrackExportQuery, type TrackQuery, type TrackResult } from '@cvrisk/contracts';
import { reverseGeocode } from '../../geo/gazetteer.js';
import { toGcj02 } from '../../lib/coords.js';
import { badInput, notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import { buildKml } from './track.kml.js';
import type { TrackRepository } from './track.repository.js';

const KIND_NAMES = { 1: '有线', 2: '无线' } as const;

const EXPORT_KINDS = { wired: 1, wireless: 2 } as const;
const EXPORT_PAGE = 2000;

export function createTrackService(repo: TrackRepository) {
  /** The device if the caller may see it (else 404, as if it did not exist) and it is of the kind asked for. */
  async function deviceOfKind(scope: Scope, kind: DeviceKind, deviceNumber: string) {
    const device = await repo.findDevice(scope, deviceNumber);
    if (!device) throw notFound('设备不存在');
    if (device.kind !== kind) throw badInput(`设备 ${deviceNumber} 不是${KIND_NAMES[kind]}设备`);
    return device;
  }

  return {
    /** The fixes and stops of one device of the given kind (1 wired, 2 wireless) in a period. */
    async replay(scope: Scope, kind: DeviceKind, q: TrackQuery): Promise<TrackResult> {
      const device = await deviceOfKind(scope, kind, q.deviceNumber);
      const from = parseTime(q.startTime)!;
      const to = parseTime(q.endTime)!;
      const [rows, stops] = await Promise.all([repo.positions(device.id, from, to), repo.stops(device.id, from, to)]);
      return {
        list: rows.map((r) => {
          const [gaodeLng, gaodeLat] = toGcj02(r.lng, r.lat);
          return { lng: r.lng, lat: r.lat, gaodeLng, gaodeLat, speed: r.speed, direction: r.direction, gpsTime: formatTime(r.gps_time), acc: r.acc, fixType: r.fix_type };
        }),
        stops: stops.map((s) => {
          const [gaodeLng, gaodeLat] = toGcj02(s.lng, s.lat);
          return {
            startTime: formatTime(s.start_time), endTime: formatTime(s.end_time), durationMs: s.end_time - s.start_time,
            closed: s.closed === 1, lng: s.lng, lat: s.lat, gaodeLng, gaodeLat,
            // The offline gazetteer, not the external geocoder: a month of stops must not wait on the network.
            address: reverseGeocode(s.lng, s.lat)?.address ?? null,
          };
        }),
      };
    },

    /**
     * The fixes of an export, page by page. The device is checked before the first byte is sent, so
     * a wrong or foreign device still gets its 400/404 envelope instead of a broken file.
     */
    async exportPages(scope: Scope, q: TrackExportQuery): Promise<AsyncIterable<ExportRow[]>> {
      const device = await deviceOfKind(scope, EXPORT_KINDS[q.kind], q.deviceNumber);
      const from = parseTime(q.startTime)!;
      const to = parseTime(q.endTime)!;
      return (async function* () {
        let after = from - 1;
        for (;;) {
          const page = await repo.positionPage(device.id, after, to, EXPORT_PAGE);
          if (page.length > 0) yield page;
          if (page.length < EXPORT_PAGE) return;
          after = page[page.length - 1]!.gps_time;
        }
      })();
    },

    /** The replay as a KML document: the whole track, the way the replay screen shows it. */
    async exportKml(scope: Scope, q: TrackExportQuery): Promise<string> {
      const { list, stops } = await this.replay(scope, EXPORT_KINDS[q.kind], q);
      return buildKml({ deviceNumber: q.deviceNumber, startTime: q.startTime, endTime: q.endTime, fixes: list, stops });
    },
  };
}

export type ExportRow = Awaited<ReturnType<TrackRepository['positionPage']>>[number];

export type TrackService = ReturnType<typeof createTrackService>;
