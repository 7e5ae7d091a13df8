import { RISK_WARNING_CONFIG_KEY } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { createInstitutionRepository } from '../settings/institution-settings.js';
import { createSettingsRepository } from '../settings/settings.repository.js';

export type { Institution } from '../settings/institution-settings.js';

/**
 * Finance institutions and the thresholds each keeps in `setting` (dept_id = the institution). The
 * platform default is server-behaviour §5's table (DEFAULT_RISK_WARNING_CONFIG), kept in the code:
 * no call writes it.
 */
export function createRiskConfigRepository(db: Db) {
  const settings = createSettingsRepository(db);
  return {
    ...createInstitutionRepository(db),
    stored: (institutionId: number) => settings.get(institutionId, RISK_WARNING_CONFIG_KEY),
    store: (institutionId: number, value: string) => settings.set(institutionId, RISK_WARNING_CONFIG_KEY, value),
    clear: (institutionId: number) => settings.remove(institutionId, RISK_WARNING_CONFIG_KEY),
  };
}

export type RiskConfigRepository = ReturnType<typeof createRiskConfigRepository>;
