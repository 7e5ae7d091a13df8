import type { Db } from '../../db/database.js';

export function createIngestRepository(db: Db) {
  return {
    findIntegration(keyHash: string) {
      return db
        .selectFrom('integration as i')
        .innerJoin('dept as d', 'd.id', 'i.dept_id')
        .select(['i.id', 'i.name', 'i.dept_id', 'd.path', 'd.kind'])
        .where('i.key_hash', '=', keyHash)
        .executeTakeFirst();
    },
    subtreeDeptIds(path: string) {
      return db.selectFrom('dept').select('id').where('path', 'like', `${path}%`).execute();
    },
    async createIntegration(deptId: number, name: string, keyHash: string, now: number): Promise<void> {
      await db.insertInto('integration').values({ dept_id: deptId, name, key_hash: keyHash, created_at: now }).execute();
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
