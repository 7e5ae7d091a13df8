import { RISK_WARNING_CONFIG_KEY } from '@cvrisk/contracts';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

export type Institution = { id: number; name: string };

/** Finance institutions and the thresholds each keeps in `setting` (dept_id = the institution). */
export function createRiskConfigRepository(db: Db) {
  return {
    allInstitutions(): Promise<Institution[]> {
      return db.selectFrom('dept').select(['id', 'name']).where('kind', '=', 'finance').orderBy('id').execute();
    },

    institution(id: number): Promise<Institution | undefined> {
      return db.selectFrom('dept').select(['id', 'name']).where('id', '=', id).where('kind', '=', 'finance').executeTakeFirst();
    },

    /** The finance institution a department is or belongs to (materialised paths: an ancestor's path prefixes ours). */
    institutionOf(deptId: number): Promise<Institution | undefined> {
      return db
        .selectFrom('dept as a')
        .innerJoin('dept as me', (j) => j.on(sql<SqlBool>`me.path like a.path || '%'`))
        .select(['a.id', 'a.name'])
        .where('me.id', '=', deptId)
        .where('a.kind', '=', 'finance')
        .executeTakeFirst();
    },

    async stored(institutionId: number): Promise<string | undefined> {
      const row = await db.selectFrom('setting').select('value').where('dept_id', '=', institutionId).where('key', '=', RISK_WARNING_CONFIG_KEY).executeTakeFirst();
      return row?.value;
    },

    async store(institutionId: number, value: string): Promise<void> {
      await db
        .insertInto('setting')
        .values({ dept_id: institutionId, key: RISK_WARNING_CONFIG_KEY, value })
        .onConflict((oc) => oc.columns(['dept_id', 'key']).doUpdateSet({ value }))
        .execute();
    },

    async clear(institutionId: number): Promise<void> {
      await db.deleteFrom('setting').where('dept_id', '=', institutionId).where('key', '=', RISK_WARNING_CONFIG_KEY).execute();
    },
  };
}

export type RiskConfigRepository = ReturnType<typeof createRiskConfigRepository>;
