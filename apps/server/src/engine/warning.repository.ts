import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { WarningTable } from '../db/schema.js';

/** What compound escalation reads of a warning. */
export type CompoundCandidate = { id: number; warning_type: number; warning_time: number; last_time: number; detail: string; compound: number };

/** The warnings the engine raises, refreshes and escalates; unscoped, as the engine judges every device. */
export function createEngineWarningRepository(db: Db) {
  return {
    /** The newest warning of one (device, type, place), unhandled ones first. */
    newestOf(deviceId: number, type: number, placeKey: string) {
      return db.selectFrom('warning')
        .select(['id', 'deal_status', 'last_time', 'detail'])
        .where('device_id', '=', deviceId).where('warning_type', '=', type).where('place_key', '=', placeKey)
        .orderBy('deal_status').orderBy('last_time', 'desc')
        .executeTakeFirst();
    },

    /** Refreshes an unhandled warning; answers false when it was handled meanwhile. */
    async refresh(id: number, lastTime: number, detail: string): Promise<boolean> {
      const r = await db.updateTable('warning')
        .set({ last_time: lastTime, detail })
        .where('id', '=', id).where('deal_status', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Answers the new warning's id, or null when another engine process raised the same one first. */
    async insert(values: Insertable<WarningTable>): Promise<number | null> {
      const row = await db.insertInto('warning').values(values).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      return row ? row.id : null;
    },

    /** Warnings of these types on one car (or, for a device on no car, one device) within [from, to] by warning time. */
    compoundCandidates(on: { carId: number | null; deviceId: number }, types: number[], from: number, to: number): Promise<CompoundCandidate[]> {
      return db.selectFrom('warning')
        .select(['id', 'warning_type', 'warning_time', 'last_time', 'detail', 'compound'])
        .where(on.carId === null ? (eb) => eb('device_id', '=', on.deviceId) : (eb) => eb('car_id', '=', on.carId))
        .where('warning_type', 'in', types)
        .where('warning_time', '>=', from)
        .where('warning_time', '<=', to)
        .execute();
    },

    /** A device's unhandled warnings of these types dated at or after `from`: those late data may re-date or disprove. */
    openSince(deviceId: number, types: readonly number[], from: number) {
      return db.selectFrom('warning').select(['id', 'warning_type', 'place_key', 'warning_time'])
        .where('device_id', '=', deviceId).where('warning_type', 'in', [...types]).where('deal_status', '=', 0).where('warning_time', '>=', from)
        .orderBy('warning_time').execute();
    },

    /** Dates an unhandled warning when the fixes in time order say it happened. */
    async redate(id: number, f: { time: number; at: number; lng: number; lat: number; detail: string }): Promise<void> {
      await db.updateTable('warning').set({ warning_time: f.time, last_time: f.at, lng: f.lng, lat: f.lat, detail: f.detail })
        .where('id', '=', id).where('deal_status', '=', 0).execute();
    },

    /** Closes an unhandled warning that late data disproved, saying so; it is kept, as operators may have seen it. */
    async withdraw(id: number, at: number, description: string): Promise<void> {
      await db.updateTable('warning').set({ deal_status: 1, deal_time: at, deal_description: description })
        .where('id', '=', id).where('deal_status', '=', 0).execute();
    },

    /** Raises these warnings to high and marks them compound. */
    async markCompound(ids: number[]): Promise<void> {
      await db.updateTable('warning').set({ risk_level: 1, compound: 1 }).where('id', 'in', ids).execute();
    },

    async countByType(): Promise<Map<number, number>> {
      const rows = await db.selectFrom('warning').select(['warning_type', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('warning_type').execute();
      return new Map(rows.map((r) => [r.warning_type, Number(r.n)]));
    },
  };
}

export type EngineWarningRepository = ReturnType<typeof createEngineWarningRepository>;
