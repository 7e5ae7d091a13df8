import {
  ALARM_TYPES, formatTime, PLATFORM_ONLY_MESSAGE,
  type AlarmMappingItem, type AlarmMappingList, type AlarmMappingSource, type SaveAlarmMapping,
} from '@cvrisk/contracts';
import { conflict, notFound, noPermission } from '../../lib/errors.js';
import type { AuditedWrite } from '../audit/audited-write.js';
import type { SessionUser } from '../session/session-user.js';
import type { AlarmMappingRepository, AlarmMappingRow } from './alarm-mapping.repository.js';

const NOT_FOUND = '报警映射不存在';

/** How a person names the bit or item: "报警位 17", "附加信息项 0xE3". */
function describeCode(source: string, code: number): string {
  return source === 'item' ? `附加信息项 0x${code.toString(16).toUpperCase().padStart(2, '0')}` : `报警位 ${code}`;
}

function itemOf(r: AlarmMappingRow): AlarmMappingItem {
  return {
    id: r.id, model: r.model, source: r.source as AlarmMappingSource, code: r.code, alarmType: r.alarm_type,
    alarmTypeName: ALARM_TYPES[r.alarm_type]?.zh ?? String(r.alarm_type), updatedAt: formatTime(r.updated_at),
  };
}

export type AlarmMappingDeps = {
  repo: AlarmMappingRepository;
  write: AuditedWrite<AlarmMappingRepository>;
  /** Called after each committed change: this process applies it to the next report at once. */
  changed: () => void;
  now?: () => number;
};

/**
 * The per-model alarm mapping (server-behaviour §6). The terminal models are the same for every
 * institution, so the table is the platform's: any user administrator may read it, only platform
 * staff change it.
 */
export function createAlarmMappingService({ repo, write, changed, now = Date.now }: AlarmMappingDeps) {
  const platform = (user: SessionUser) => user.scope.kind === 'all';
  const mustBePlatform = (user: SessionUser) => {
    if (!platform(user)) throw noPermission(PLATFORM_ONLY_MESSAGE);
  };

  return {
    async list(user: SessionUser): Promise<AlarmMappingList> {
      return { list: (await repo.list()).map(itemOf), editable: platform(user) };
    },

    /** Adds a row, or changes the one `id` names; recorded in the audit log with what it was before. */
    async save(user: SessionUser, ip: string, input: SaveAlarmMapping): Promise<AlarmMappingItem> {
      mustBePlatform(user);
      const values = { model: input.model, source: input.source, code: input.code, alarm_type: input.alarmType, updated_at: now() };
      const saved = await write(async (tx, audit) => {
        const before = input.id === undefined ? undefined : await tx.find(input.id);
        if (input.id !== undefined && !before) throw notFound(NOT_FOUND);
        const same = await tx.findSame(values);
        if (same && same.id !== input.id) throw conflict(`型号 ${input.model} 的${describeCode(input.source, input.code)} 已映射为${itemOf(same).alarmTypeName}，请修改那一条`);
        const id = before ? before.id : await tx.insert(values);
        if (before) await tx.update(id, values);
        await audit.record(user, ip, {
          action: 'alarmMapping.save',
          target: `${input.model} ${describeCode(input.source, input.code)}`,
          detail: { id, alarmType: input.alarmType, ...(before ? { before: { model: before.model, source: before.source, code: before.code, alarmType: before.alarm_type } } : {}) },
        });
        return (await tx.find(id))!;
      });
      changed();
      return itemOf(saved);
    },

    async remove(user: SessionUser, ip: string, id: number): Promise<void> {
      mustBePlatform(user);
      await write(async (tx, audit) => {
        const row = await tx.find(id);
        if (!row) throw notFound(NOT_FOUND);
        await tx.remove(id);
        await audit.record(user, ip, { action: 'alarmMapping.delete', target: `${row.model} ${describeCode(row.source, row.code)}`, detail: { id, alarmType: row.alarm_type } });
      });
      changed();
    },
  };
}

export type AlarmMappingService = ReturnType<typeof createAlarmMappingService>;
