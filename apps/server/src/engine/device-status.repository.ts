import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { HEARD } from '../modules/device/device-state.js';
import type { HeardRun } from './rules/offline.js';

/** Devices' last reports, as the offline sweep reads them. */
export function createEngineDeviceStatusRepository(db: Db) {
  return {
    /**
     * Devices last heard from (any message, a heartbeat too: `HEARD`) before `wiredBefore` (wired,
     * kind 1) or `wirelessBefore` (the others); `heard` is that time, where their silence began.
     */
    silent(wiredBefore: number, wirelessBefore: number) {
      return db.selectFrom('device_status as s')
        .innerJoin('device as d', 'd.id', 's.device_id')
        .select(['s.device_id', 'd.device_number', HEARD.as('heard'), 's.lng', 's.lat'])
        .where(sql<boolean>`((d.kind = 1 and ${HEARD} < ${wiredBefore}) or (d.kind <> 1 and ${HEARD} < ${wirelessBefore}))`)
        // A retired device is silent for good: that is no offline warning.
        .where('d.retired_at', 'is', null)
        .execute();
    },
    /** The current run of messages the gateway heard from each of these devices, where it heard one. */
    async heardRuns(ids: readonly number[]): Promise<Map<number, HeardRun>> {
      const out = new Map<number, HeardRun>();
      if (ids.length === 0) return out;
      const rows = await db.selectFrom('device_status').select(['device_id', 'heard_since', 'heard_at'])
        .where('device_id', 'in', ids).where('heard_at', 'is not', null).where('heard_since', 'is not', null).execute();
      for (const r of rows) out.set(r.device_id, { since: Number(r.heard_since), to: Number(r.heard_at) });
      return out;
    },
  };
}

export type EngineDeviceStatusRepository = ReturnType<typeof createEngineDeviceStatusRepository>;
