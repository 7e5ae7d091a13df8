import type { Db } from '../db/database.js';

const CHUNK = 500;

/** The engine's day checkpoints and the devices whose late fixes wait to be judged (migration 026). */
export function createCheckpointRepository(db: Db) {
  return {
    /** A re-judgement passes the same days again: their checkpoints are replaced by what it saw. */
    async save(rows: { device_id: number; day: number; state: string }[]): Promise<void> {
      // A history upload passes every device's days at once: in chunks, within the bound-parameter limits.
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db.insertInto('engine_checkpoint').values(rows.slice(i, i + CHUNK))
          .onConflict((oc) => oc.columns(['device_id', 'day']).doUpdateSet((eb) => ({ state: eb.ref('excluded.state') })))
          .execute();
      }
    },

    /** The newest checkpoint of the device on or before `day`. */
    atOrBefore(deviceId: number, day: number) {
      return db.selectFrom('engine_checkpoint').select(['day', 'state'])
        .where('device_id', '=', deviceId).where('day', '<=', day)
        .orderBy('day', 'desc').limit(1).executeTakeFirst();
    },

    async prune(beforeDay: number): Promise<void> {
      await db.deleteFrom('engine_checkpoint').where('day', '<', beforeDay).execute();
    },

    pending() {
      return db.selectFrom('engine_pending as p').innerJoin('device as d', 'd.id', 'p.device_id')
        .select(['p.device_id', 'd.device_number', 'p.from_time']).orderBy('p.device_id').execute();
    },

    /** Done up to `fromTime`: a mark moved earlier meanwhile (more late fixes) stays for the next round. */
    async done(deviceId: number, fromTime: number): Promise<void> {
      await db.deleteFrom('engine_pending').where('device_id', '=', deviceId).where('from_time', '=', fromTime).execute();
    },
  };
}

export type CheckpointRepository = ReturnType<typeof createCheckpointRepository>;
