import type { Db } from '../db/database.js';
import type { Seen } from './types.js';

/** The stored fixes the engine reads back: replays after a restart, and a partner device's fixes around a time. */
export function createEnginePositionRepository(db: Db) {
  return {
    /** Up to `limit` of a device's fixes after `after` (fix time) received before `receivedBefore`, oldest first. */
    replayPage(deviceId: number, after: number, receivedBefore: number, limit: number) {
      return db.selectFrom('position')
        .select(['gps_time', 'lng', 'lat', 'speed', 'acc', 'battery', 'alarm_word', 'model_alarms'])
        .where('device_id', '=', deviceId).where('gps_time', '>', after).where('received_at', '<', receivedBefore)
        .orderBy('gps_time').limit(limit).execute();
    },

    /** A device's fixes with times in [from, to], oldest first. */
    seenBetween(deviceId: number, from: number, to: number): Promise<Seen[]> {
      return db.selectFrom('position')
        .select(['gps_time as t', 'lng', 'lat'])
        .where('device_id', '=', deviceId)
        .where('gps_time', '>=', from)
        .where('gps_time', '<=', to)
        .orderBy('gps_time')
        .execute();
    },
  };
}

export type EnginePositionRepository = ReturnType<typeof createEnginePositionRepository>;
