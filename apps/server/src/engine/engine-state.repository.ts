import type { Db } from '../db/database.js';

/** Each device's stored engine memory (as JSON) and the time of the last fix evaluated. */
export function createEngineStateRepository(db: Db) {
  return {
    states(deviceIds: number[]) {
      return db.selectFrom('engine_device_state').select(['device_id', 'state']).where('device_id', 'in', deviceIds).execute();
    },

    /**
     * Never moves a device's state backwards: in scale mode a worker that lost a device to another
     * may still save what it held, and must not overwrite the newer state the other one saved.
     */
    async upsert(rows: { device_id: number; evaluated_to: number; state: string }[]): Promise<void> {
      await db.insertInto('engine_device_state').values(rows)
        .onConflict((oc) => oc.column('device_id')
          .doUpdateSet((eb) => ({ evaluated_to: eb.ref('excluded.evaluated_to'), state: eb.ref('excluded.state') }))
          .where((eb) => eb('engine_device_state.evaluated_to', '<=', eb.ref('excluded.evaluated_to'))))
        .execute();
    },

    /** Devices whose last stored fix is newer than the last one evaluated (or never evaluated). */
    behind() {
      return db.selectFrom('device_status as s')
        .innerJoin('device as d', 'd.id', 's.device_id')
        .leftJoin('engine_device_state as e', 'e.device_id', 's.device_id')
        .select(['s.device_id', 'd.device_number', 's.last_time', 'e.evaluated_to'])
        .where((eb) => eb.or([eb('e.evaluated_to', 'is', null), eb('e.evaluated_to', '<', eb.ref('s.last_time'))]))
        .execute();
    },
  };
}

export type EngineStateRepository = ReturnType<typeof createEngineStateRepository>;
