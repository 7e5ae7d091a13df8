import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

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
    async deptExists(deptId: number): Promise<boolean> {
      return (await db.selectFrom('dept').select('id').where('id', '=', deptId).executeTakeFirst()) !== undefined;
    },
    async createIntegration(deptId: number, name: string, keyHash: string, now: number): Promise<number> {
      const row = await db.insertInto('integration').values({ dept_id: deptId, name, key_hash: keyHash, created_at: now }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    list(scope: Scope) {
      return db
        .selectFrom('integration as i')
        .innerJoin('dept as d', 'd.id', 'i.dept_id')
        .select(['i.id', 'i.name', 'i.dept_id', 'd.name as dept_name', 'i.created_at'])
        .where((eb) => inScope(eb, 'i.dept_id', scope))
        .orderBy('i.id')
        .execute();
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
