import { DEFAULT_RISK_WARNING_CONFIG, type RiskConfigReply, type RiskWarningConfig } from '@cvrisk/contracts';
import { CONTEXT_TTL_MS, parseRiskConfig } from '../../engine/context.js';
import { badInput, notFound, noPermission } from '../../lib/errors.js';
import { scopeHas } from '../../lib/scope.js';
import { changedFields, type AuditedWrite } from '../audit/audited-write.js';
import type { SessionUser } from '../session/session-user.js';
import type { Institution, RiskConfigRepository } from './risk-config.repository.js';

const NOT_FOUND = '金融机构不存在';

/**
 * Thresholds per finance institution (server-behaviour §5). Platform users pick any institution;
 * everyone else works on their own, which for dealer staff is the one above them: they may read it
 * (it decides their warnings) but it is not theirs to change.
 */
export function createRiskConfigService(repo: RiskConfigRepository, write: AuditedWrite<RiskConfigRepository>) {
  const platform = (user: SessionUser) => user.scope.kind === 'all';

  /** The institution the caller asked for (or their own), or 404 when it is not one they may see. */
  async function resolve(user: SessionUser, deptId: number | undefined): Promise<Institution> {
    if (platform(user)) {
      const found = deptId === undefined ? (await repo.allInstitutions())[0] : await repo.institution(deptId);
      if (!found) throw notFound(NOT_FOUND);
      return found;
    }
    const own = await repo.institutionOf(user.deptId);
    if (!own || (deptId !== undefined && deptId !== own.id)) throw notFound(NOT_FOUND);
    return own;
  }

  const editable = (user: SessionUser, institution: Institution) =>
    user.permissions.has('config:edit') && scopeHas(user.scope, institution.id);

  /** A change names its institution when the caller could mean several. */
  async function editableInstitution(user: SessionUser, deptId: number | undefined): Promise<Institution> {
    if (platform(user) && deptId === undefined) throw badInput('参数错误：deptId 请选择金融机构');
    const institution = await resolve(user, deptId);
    if (!editable(user, institution)) throw noPermission('只有金融机构或平台的配置管理员可以修改预警配置');
    return institution;
  }

  /** What the engine applies now: the institution's own thresholds, or the defaults. */
  async function inForce(institutionId: number): Promise<RiskWarningConfig> {
    const stored = await repo.stored(institutionId);
    return (stored === undefined ? null : parseRiskConfig(stored)) ?? DEFAULT_RISK_WARNING_CONFIG;
  }

  async function reply(user: SessionUser, institution: Institution): Promise<RiskConfigReply> {
    const stored = await repo.stored(institution.id);
    // A stored value that no longer parses is what the engine ignores too: show the defaults it uses.
    const own = stored === undefined ? null : parseRiskConfig(stored);
    return {
      deptId: institution.id,
      deptName: institution.name,
      isDefault: own === null,
      editable: editable(user, institution),
      config: own ?? DEFAULT_RISK_WARNING_CONFIG,
      defaults: DEFAULT_RISK_WARNING_CONFIG,
      institutions: platform(user) ? await repo.allInstitutions() : [institution],
      appliesWithinMs: CONTEXT_TTL_MS,
    };
  }

  return {
    get: async (user: SessionUser, deptId: number | undefined) => reply(user, await resolve(user, deptId)),

    /** Kept in the audit log with each threshold it changed, before and after. */
    async save(user: SessionUser, ip: string, deptId: number | undefined, config: RiskWarningConfig): Promise<RiskConfigReply> {
      const institution = await editableInstitution(user, deptId);
      const before = await inForce(institution.id);
      await write(async (tx, audit) => {
        await tx.store(institution.id, JSON.stringify(config));
        await audit.record(user, ip, { action: 'riskConfig.save', target: institution.name, detail: { deptId: institution.id, changes: changedFields(before, config) } });
      });
      return reply(user, institution);
    },

    /** Back to server-behaviour §5's defaults: the institution's own row goes, so later default changes reach it. */
    async reset(user: SessionUser, ip: string, deptId: number | undefined): Promise<RiskConfigReply> {
      const institution = await editableInstitution(user, deptId);
      const before = await inForce(institution.id);
      await write(async (tx, audit) => {
        await tx.clear(institution.id);
        await audit.record(user, ip, { action: 'riskConfig.reset', target: institution.name, detail: { deptId: institution.id, changes: changedFields(before, DEFAULT_RISK_WARNING_CONFIG) } });
      });
      return reply(user, institution);
    },
  };
}

export type RiskConfigService = ReturnType<typeof createRiskConfigService>;

