import { CONTROL_MAPPING_PLATFORM_ONLY, formatTime, type ControlMappingItem, type ControlMappingList, type SaveControlMapping } from '@cvrisk/contracts';
import { notFound, noPermission } from '../../lib/errors.js';
import type { AuditedWrite } from '../audit/audited-write.js';
import type { SessionUser } from '../session/session-user.js';
import type { ControlMappingRepository, StoredControlMapping } from './control-mapping.repository.js';

/** The mapping is the platform's: its department kind, not a broad scope, says who changes it. */
export const isPlatform = (user: Pick<SessionUser, 'deptKind'>) => user.deptKind === 'platform';

function itemOf(r: StoredControlMapping, deviceCount: number): ControlMappingItem {
  return {
    model: r.model, method: r.method, cutCode: r.cut_code, restoreCode: r.restore_code, controlTypeId: r.control_type_id,
    cutText: r.cut_text, restoreText: r.restore_text, deviceCount, updatedAt: formatTime(r.updated_at),
  };
}

/** Only the method's own fields are kept, so a switch of method leaves no stale code or text behind. */
function rowOf(input: SaveControlMapping, at: number): StoredControlMapping {
  const text = input.method === 'text';
  return {
    model: input.model, method: input.method,
    cut_code: text ? null : input.cutCode ?? null,
    restore_code: text ? null : input.restoreCode ?? null,
    control_type_id: input.method === 'vehicleControl' ? input.controlTypeId ?? null : null,
    cut_text: text ? input.cutText ?? null : null,
    restore_text: text ? input.restoreText ?? null : null,
    updated_at: at,
  };
}

/** 断油断电指令映射 (issue 32): per device model, how it is immobilised; read by anyone who sees devices. */
export function createControlMappingService(deps: { repo: ControlMappingRepository; write: AuditedWrite<ControlMappingRepository>; now?: () => number }) {
  const { repo, write, now = Date.now } = deps;
  const mustBePlatform = (user: SessionUser) => {
    if (!isPlatform(user)) throw noPermission(CONTROL_MAPPING_PLATFORM_ONLY);
  };

  return {
    async list(user: SessionUser): Promise<ControlMappingList> {
      const [rows, counts] = await Promise.all([repo.list(), repo.deviceCountsByModel(user.scope)]);
      const mapped = new Set(rows.map((r) => r.model));
      return {
        list: rows.map((r) => itemOf(r, counts.get(r.model) ?? 0)),
        unmappedModels: [...counts.keys()].filter((m) => !mapped.has(m)).sort(),
        editable: isPlatform(user),
      };
    },

    /** Adds or replaces the model's mapping; the audit entry keeps what it was before. */
    async save(user: SessionUser, ip: string, input: SaveControlMapping): Promise<ControlMappingItem> {
      mustBePlatform(user);
      const row = rowOf(input, now());
      await write(async (tx, audit) => {
        const before = await tx.find(input.model);
        await tx.upsert(row);
        const { updated_at: _a, model: _m, ...after } = row;
        const was = before ? (({ updated_at: _b, model: _n, ...rest }) => rest)(before) : null;
        await audit.record(user, ip, { action: 'controlMapping.save', target: input.model, detail: { ...after, ...(was ? { before: was } : { created: true }) } });
      });
      const counts = await repo.deviceCountsByModel(user.scope);
      return itemOf(row, counts.get(row.model) ?? 0);
    },

    async remove(user: SessionUser, ip: string, model: string): Promise<void> {
      mustBePlatform(user);
      await write(async (tx, audit) => {
        const before = await tx.find(model);
        if (!before || !(await tx.remove(model))) throw notFound(`型号“${model}”没有断油断电指令映射`);
        await audit.record(user, ip, { action: 'controlMapping.delete', target: model, detail: { method: before.method } });
      });
    },
  };
}

export type ControlMappingService = ReturnType<typeof createControlMappingService>;
