import type { Db } from '../db/database.js';
import { parseMemory, serialiseMemory, type DeviceMemory } from './memory.js';

const CHUNK = 500;

/** Where the engine keeps each device's memory and how far it evaluated, so a restart resumes exactly there. */
export function createStateStore(db: Db) {
  return {
    async load(ids: number[]): Promise<Map<number, DeviceMemory>> {
      const out = new Map<number, DeviceMemory>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db.selectFrom('engine_device_state').select(['device_id', 'state']).where('device_id', 'in', ids.slice(i, i + CHUNK)).execute();
        for (const r of rows) out.set(r.device_id, parseMemory(r.state));
      }
      return out;
    },

    async save(entries: { id: number; memory: DeviceMemory }[]): Promise<void> {
      const rows = entries
        .filter((e) => e.memory.last !== null)
        .map((e) => ({ device_id: e.id, evaluated_to: e.memory.last!.t, state: serialiseMemory(e.memory) }));
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db.insertInto('engine_device_state').values(rows.slice(i, i + CHUNK))
          .onConflict((oc) => oc.column('device_id').doUpdateSet((eb) => ({ evaluated_to: eb.ref('excluded.evaluated_to'), state: eb.ref('excluded.state') })))
          .execute();
      }
    },

    /** Devices with stored fixes the engine has not evaluated (it was down, or crashed before saving): where each resumes. */
    async behind(): Promise<{ deviceId: number; after: number | null; lastTime: number }[]> {
      const rows = await db.selectFrom('device_status as s')
        .leftJoin('engine_device_state as e', 'e.device_id', 's.device_id')
        .select(['s.device_id', 's.last_time', 'e.evaluated_to'])
        .where((eb) => eb.or([eb('e.evaluated_to', 'is', null), eb('e.evaluated_to', '<', eb.ref('s.last_time'))]))
        .execute();
      return rows.map((r) => ({ deviceId: r.device_id, after: r.evaluated_to, lastTime: r.last_time }));
    },
  };
}

export type StateStore = ReturnType<typeof createStateStore>;
