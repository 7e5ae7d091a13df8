import {
  formatTime, WARNING_TYPE_CODES, warningTypeName,
  type InAppSave, type InAppSettings, type InAppTypeSetting, type WarningTypeCode,
} from '@cvrisk/contracts';
import { notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import type { AuditActor } from '../audit/audit.repository.js';
import type { AuditedWrite } from '../audit/audited-write.js';
import type { InAppRepository, InAppRow } from './in-app.repository.js';

type Caller = AuditActor & { id: number; deptId: number; scope: Scope; permissions: ReadonlySet<string> };

/** For each type, the choice that applies to a department: its own, else the nearest one above. */
export function decide(deptId: number, rows: readonly InAppRow[]): InAppTypeSetting[] {
  return WARNING_TYPE_CODES.map((type): InAppTypeSetting => {
    const nearest = rows.filter((r) => r.warning_type === type).sort((a, b) => b.depth - a.depth)[0];
    const base = { warningType: type, warningTypeName: warningTypeName(type) };
    if (!nearest) return { ...base, inApp: true, source: 'default', sourceDeptName: null, updatedBy: null, updateTime: null };
    return {
      ...base, inApp: nearest.enabled === 1, source: nearest.dept_id === deptId ? 'own' : 'inherited', sourceDeptName: nearest.dept_name,
      updatedBy: nearest.updated_by_name, updateTime: formatTime(nearest.updated_at),
    };
  });
}

/**
 * The in-app channel of the push configuration: read and changed in the caller's scope, and asked by
 * the live push (which departments' users hear of a new warning) and the top bar (which types a user's
 * ticker and count leave out).
 */
export function createInAppService(repo: InAppRepository, write: AuditedWrite<InAppRepository>, now: () => number = Date.now) {
  async function settings(caller: Caller, deptId = caller.deptId): Promise<InAppSettings> {
    const dept = await repo.dept(caller.scope, deptId);
    if (!dept) throw notFound('机构不存在');
    return { deptId: dept.id, deptName: dept.name, editable: caller.permissions.has('config:edit'), list: decide(dept.id, await repo.chain(dept.id)) };
  }

  return {
    settings,

    async save(caller: Caller, ip: string, input: InAppSave): Promise<InAppSettings> {
      const deptId = input.deptId ?? caller.deptId;
      const dept = await repo.dept(caller.scope, deptId);
      if (!dept) throw notFound('机构不存在');
      await write(async (tx, audit) => {
        if (input.inApp === null) {
          if (!(await tx.clear(deptId, input.warningType))) return;
        } else {
          await tx.set(deptId, input.warningType, input.inApp, caller.id, now());
        }
        await audit.recordFor(caller, ip, {
          action: 'push.inApp', target: `${dept.name} ${warningTypeName(input.warningType)}`, detail: { deptId, warningType: input.warningType, inApp: input.inApp },
        });
      });
      return settings(caller, deptId);
    },

    /** The warning types a user of this department is not told of in-app. */
    async mutedTypes(deptId: number): Promise<WarningTypeCode[]> {
      return decide(deptId, await repo.chain(deptId)).filter((s) => !s.inApp).map((s) => s.warningType);
    },

    /** Who may hear of a new warning of this type in-app, by their department. */
    async audience(warningType: number): Promise<(deptId: number) => boolean> {
      const muted = await repo.mutedDepts(warningType);
      return (deptId) => !muted.has(deptId);
    },
  };
}

export type InAppService = ReturnType<typeof createInAppService>;
