import type { EngineStateRepository } from './engine-state.repository.js';
import { parseMemory, serialiseMemory, type DeviceMemory } from './memory.js';

const CHUNK = 500;

/** Where the engine keeps each device's memory and how far it evaluated, so a restart resumes exactly there. */
export function createStateStore(repo: EngineStateRepository) {
  return {
    async load(ids: number[]): Promise<Map<number, DeviceMemory>> {
      const out = new Map<number, DeviceMemory>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await repo.states(ids.slice(i, i + CHUNK));
        for (const r of rows) out.set(r.device_id, parseMemory(r.state));
      }
      return out;
    },

    async save(entries: { id: number; memory: DeviceMemory }[]): Promise<void> {
      const rows = entries
        .filter((e) => e.memory.last !== null)
        .map((e) => ({ device_id: e.id, evaluated_to: e.memory.last!.t, state: serialiseMemory(e.memory) }));
      for (let i = 0; i < rows.length; i += CHUNK) {
        await repo.upsert(rows.slice(i, i + CHUNK));
      }
    },

    /** Devices with stored fixes the engine has not evaluated (it was down, or crashed before saving): where each resumes. */
    async behind(): Promise<{ deviceId: number; number: string; after: number | null; lastTime: number }[]> {
      const rows = await repo.behind();
      return rows.map((r) => ({ deviceId: r.device_id, number: r.device_number, after: r.evaluated_to, lastTime: r.last_time }));
    },
  };
}

export type StateStore = ReturnType<typeof createStateStore>;
