import { formatTime, parseTime, type TrackQuery, type TrackResult } from '@cvrisk/contracts';
import { toGcj02 } from '../../lib/coords.js';
import { badInput, notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import type { TrackRepository } from './track.repository.js';

const KIND_NAMES = { 1: '有线', 2: '无线' } as const;

export function createTrackService(repo: TrackRepository) {
  return {
    /** The fixes and stops of one device of the given kind (1 wired, 2 wireless) in a period. */
    async replay(scope: Scope, kind: 1 | 2, q: TrackQuery): Promise<TrackResult> {
      const device = await repo.findDevice(scope, q.deviceNumber);
      if (!device) throw notFound('设备不存在');
      if (device.kind !== kind) throw badInput(`设备 ${q.deviceNumber} 不是${KIND_NAMES[kind]}设备`);
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
          };
        }),
      };
    },
  };
}

export type TrackService = ReturnType<typeof createTrackService>;
