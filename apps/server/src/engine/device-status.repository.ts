import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Devices' last reports, as the offline sweep reads them. */
export function createEngineDeviceStatusRepository(db: Db) {
  return {
    /** Devices whose last report is older than `wiredBefore` (wired, kind 1) or `wirelessBefore` (the others). */
    silent(wiredBefore: number, wirelessBefore: number) {
      return db.selectFrom('device_status as s')
        .innerJoin('device as d', 'd.id', 's.device_id')
        .select(['s.device_id', 'd.device_number', 's.last_time', 's.lng', 's.lat'])
        .where(sql<boolean>`((d.kind = 1 and s.last_time < ${wiredBefore}) or (d.kind <> 1 and s.last_time < ${wirelessBefore}))`)
        // A retired device is silent for good: that is no offline warning.
        .where('d.retired_at', 'is', null)
        .execute();
    },
  };
}

export type EngineDeviceStatusRepository = ReturnType<typeof createEngineDeviceStatusRepository>;
