import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

export function createTrackRepository(db: Db) {
  return {
    /** The device, if the caller may see it. */
    findDevice(scope: Scope, deviceNumber: string) {
      return db
        .selectFrom('device')
        .select(['id', 'kind', 'device_number'])
        .where('device_number', '=', deviceNumber)
        .where((eb) => inScope(eb, 'device.dept_id', scope))
        .executeTakeFirst();
    },
    /** One contiguous range of the (device, time) key: the layout positions are stored in for this. */
    positions(deviceId: number, from: number, to: number) {
      return db
        .selectFrom('position')
        .select(['gps_time', 'lng', 'lat', 'speed', 'direction', 'acc', 'fix_type'])
        .where('device_id', '=', deviceId)
        .where('gps_time', '>=', from)
        .where('gps_time', '<=', to)
        .orderBy('gps_time')
        .execute();
    },
    /** The next page of the range after `after` (exclusive), for exports that stream page by page. */
    positionPage(deviceId: number, after: number, to: number, limit: number) {
      return db
        .selectFrom('position')
        .select(['gps_time', 'lng', 'lat', 'speed', 'direction', 'acc', 'fix_type'])
        .where('device_id', '=', deviceId)
        .where('gps_time', '>', after)
        .where('gps_time', '<=', to)
        .orderBy('gps_time')
        .limit(limit)
        .execute();
    },
    /** Stops overlapping the range. */
    stops(deviceId: number, from: number, to: number) {
      return db
        .selectFrom('stop')
        .select(['start_time', 'end_time', 'lng', 'lat', 'closed'])
        .where('device_id', '=', deviceId)
        .where('start_time', '<=', to)
        .where('end_time', '>=', from)
        .orderBy('start_time')
        .execute();
    },
  };
}

export type TrackRepository = ReturnType<typeof createTrackRepository>;
