import type { Db } from '../db/database.js';

/** Every risk point of every department: the engine's index is built from them all. */
export function createEngineRiskPointRepository(db: Db) {
  return {
    all() {
      return db.selectFrom('risk_point').select(['id', 'dept_id', 'name', 'category', 'lng', 'lat']).execute();
    },
  };
}

export type EngineRiskPointRepository = ReturnType<typeof createEngineRiskPointRepository>;
