import { z } from 'zod';
import { RiskWarningConfig } from './warning.js';

/** Platform users name the finance institution; everyone else gets their own (or the one above them). */
export const RiskConfigQuery = z.object({ deptId: z.coerce.number('机构编号无效').int('机构编号无效').positive('机构编号无效').optional() });
export type RiskConfigQuery = z.infer<typeof RiskConfigQuery>;

export const RiskConfigSave = z.object({
  deptId: z.number('机构编号无效').int('机构编号无效').positive('机构编号无效').optional(),
  config: RiskWarningConfig,
});
export type RiskConfigSave = z.infer<typeof RiskConfigSave>;

export type RiskConfigInstitution = { id: number; name: string };

export type RiskConfigReply = {
  deptId: number;
  deptName: string;
  /** True while the institution has never saved its own thresholds (or was reset). */
  isDefault: boolean;
  /** Whether the caller may change this institution's thresholds. */
  editable: boolean;
  config: RiskWarningConfig;
  defaults: RiskWarningConfig;
  /** The institutions the caller may pick from: every one for platform users, their own otherwise. */
  institutions: RiskConfigInstitution[];
  /** How long a saved change takes to reach the risk engine. */
  appliesWithinMs: number;
};

/**
 * How long a saved threshold or white-list change takes to reach the risk engine: the engine re-reads
 * them on this clock (the server's CONTEXT_TTL_MS, which a test keeps equal to this).
 */
export const RISK_SETTINGS_APPLY_WITHIN_MS = 60_000;
