import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id, optional } from './fields.js';
import { RiskWarningConfig } from './warning.js';

/** Platform users name the finance institution; everyone else gets their own (or the one above them). */
export const RiskConfigQuery = z.object({ deptId: optional(id()) });
export type RiskConfigQuery = z.infer<typeof RiskConfigQuery>;

export const RiskConfigSave = z.object({
  deptId: id().optional(),
  config: RiskWarningConfig,
});
export type RiskConfigSave = z.infer<typeof RiskConfigSave>;

export const RiskConfigInstitution = z.object({ id: z.number(), name: z.string() });
export type RiskConfigInstitution = z.infer<typeof RiskConfigInstitution>;

export const RiskConfigReply = z.object({
  deptId: z.number(),
  deptName: z.string(),
  /** True while the institution has never saved its own thresholds (or was reset). */
  isDefault: z.boolean(),
  /** Whether the caller may change this institution's thresholds. */
  editable: z.boolean(),
  config: RiskWarningConfig,
  defaults: RiskWarningConfig,
  /** The institutions the caller may pick from: every one for platform users, their own otherwise. */
  institutions: z.array(RiskConfigInstitution),
  /** How long a saved change takes to reach the risk engine. */
  appliesWithinMs: z.number(),
});
export type RiskConfigReply = z.infer<typeof RiskConfigReply>;

/**
 * How long a saved threshold or white-list change takes to reach the risk engine: the engine re-reads
 * them on this clock (the server's CONTEXT_TTL_MS, which a test keeps equal to this).
 */
export const RISK_SETTINGS_APPLY_WITHIN_MS = 60_000;

const TAG = '预警配置';

/** 预警配置: a finance institution's warning thresholds. */
export const RiskConfigCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/riskConfig/getRiskWarningConfig',
    summary: '金融机构的预警阈值（未保存过则为默认值）',
    tag: TAG,
    access: 'warning:view',
    query: RiskConfigQuery,
    reply: RiskConfigReply,
  }),
  save: defineCall({
    method: 'POST',
    path: '/api/riskConfig/saveRiskWarningConfig',
    summary: '保存金融机构的预警阈值',
    tag: TAG,
    access: 'config:edit',
    body: RiskConfigSave,
    reply: RiskConfigReply,
  }),
  reset: defineCall({
    method: 'POST',
    path: '/api/riskConfig/resetRiskWarningConfig',
    summary: '恢复默认预警阈值',
    tag: TAG,
    access: 'config:edit',
    body: RiskConfigQuery,
    reply: RiskConfigReply,
  }),
};
