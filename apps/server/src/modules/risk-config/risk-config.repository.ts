import { RISK_WARNING_CONFIG_KEY } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { inSelfOrAncestors } from '../../lib/shared-scope.js';
import { createSettingsRepository } from '../settings/settings.repository.js';

export type Institution = { id: number; name: string };

/** Finance institutions and the thresholds each keeps in `setting` (dept_id = the institution). */
export function createRiskConfigRepository(db: Db) {
  const settings = createSettingsRepository(db);
  return {
    allInstitutions(): Promise<Institution[]> {
      return db.selectFrom('dept').select(['id', 'name']).where('kind', '=', 'finance').orderBy('id').execute();
    },

    institution(id: number): Promise<Institution | undefined> {
      return db.selectFrom('dept').select(['id', 'name']).where('id', '=', id).where('kind', '=', 'finance').executeTakeFirst();
    },

    /** The finance institution a department is or belongs to (materialised paths: an ancestor's path prefixes ours). */
    institutionOf(deptId: number): Promise<Institution | undefined> {
      return db.selectFrom('dept').select(['id', 'name']).where('kind', '=', 'finance').where(inSelfOrAncestors('id', deptId)).executeTakeFirst();
    },

    stored: (institutionId: number) => settings.get(institutionId, RISK_WARNING_CONFIG_KEY),
    store: (institutionId: number, value: string) => settings.set(institutionId, RISK_WARNING_CONFIG_KEY, value),
    clear: (institutionId: number) => settings.remove(institutionId, RISK_WARNING_CONFIG_KEY),
  };
}

export type RiskConfigRepository = ReturnType<typeof createRiskConfigRepository>;
