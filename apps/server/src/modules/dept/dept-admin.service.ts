import {
  DEPT_KIND_LABELS, DEPT_PARENT_KIND, formatTime,
  type CreatableDeptKind, type DeptAdminItem, type DeptCreate, type DeptKind, type DeptMove, type DeptUpdate,
} from '@cvrisk/contracts';
import { badInput, conflict, noPermission, notFound } from '../../lib/errors.js';
import { changedFields, type AuditedWrite } from '../audit/audited-write.js';
import type { SessionUser } from '../session/session-user.js';
import type { DeptAdminRepository, DeptAdminRow, DeptValues } from './dept-admin.repository.js';

type Caller = Pick<SessionUser, 'id' | 'username' | 'deptId' | 'scope'>;

export type DeptAdminDeps = {
  repo: DeptAdminRepository;
  write: AuditedWrite<DeptAdminRepository>;
  /** Ends sessions and their live streams at once (the session service's one way). */
  endSessions(tokenHashes: readonly string[]): Promise<void>;
  /** Closes these sessions' live streams (not the sessions): the console reconnects and its stream is scoped afresh. */
  rescopeStreams(tokenHashes: readonly string[]): void;
  now?: () => number;
};

const NOT_FOUND = '部门不存在';
const kindName = (kind: string) => DEPT_KIND_LABELS[kind as DeptKind]?.zh ?? kind;
const idsOf = (path: string) => path.split('/').filter(Boolean).map(Number);
const values = (v: { name: string; province?: string | null; city?: string | null }): DeptValues => ({ name: v.name, province: v.province ?? null, city: v.city ?? null });

function toItem(r: DeptAdminRow, disabledIds: ReadonlySet<number>): DeptAdminItem {
  return {
    id: r.id, parentId: r.parent_id, kind: r.kind as DeptKind, name: r.name, province: r.province, city: r.city,
    userCount: Number(r.user_count), deviceCount: Number(r.device_count),
    disabled: r.disabled_at !== null,
    disabledAbove: idsOf(r.path).some((id) => id !== r.id && disabledIds.has(id)),
    disabledAt: r.disabled_at === null ? null : formatTime(Number(r.disabled_at)),
    createdAt: formatTime(Number(r.created_at)),
  };
}

/**
 * The department tree's rules (server-behaviour §1, issue 18): institutions under the one platform,
 * dealers and installers under an institution; everything happens inside the caller's subtree, and
 * never to the caller's own department (which would cut the branch they sit on). Each change is
 * audited in its transaction.
 */
export function createDeptAdminService({ repo, write, endSessions, rescopeStreams, now = Date.now }: DeptAdminDeps) {
  async function visible(caller: Caller, id: number, message = NOT_FOUND): Promise<DeptAdminRow> {
    const row = await repo.find(caller.scope, id);
    if (!row) throw notFound(message);
    return row;
  }

  /** A department just changed, as the list shows it, its state judged along its whole path (above the caller's scope too). */
  async function item(id: number): Promise<DeptAdminItem> {
    const row = await repo.acted(id);
    const above = row.parent_id !== null && (await repo.disabledOnPath(row.path.slice(0, row.path.length - `${row.id}/`.length)));
    return { ...toItem(row, new Set()), disabledAbove: above };
  }

  async function uniqueName(parentId: number, name: string, exceptId?: number): Promise<void> {
    if (await repo.nameTaken(parentId, name, exceptId)) throw badInput(`同一上级部门下已有名为“${name}”的部门`);
  }

  function fits(kind: string, parent: DeptAdminRow, verb: '建' | '移'): void {
    const wanted = DEPT_PARENT_KIND[kind as CreatableDeptKind];
    if (wanted !== parent.kind) throw badInput(`${kindName(kind)}只能${verb}在${kindName(wanted)}之下，不能${verb}在${kindName(parent.kind)}“${parent.name}”之下`);
  }

  /** The caller's own department is not theirs to move or disable; only what is below it. */
  function notOwn(caller: Caller, row: DeptAdminRow, act: '移动' | '停用'): void {
    if (row.kind === 'platform') throw badInput(`平台部门不能${act}`);
    if (row.id === caller.deptId) throw noPermission(`不能${act}自己所在的部门，只能${act}其下级部门`);
  }

  return {
    async list(caller: Caller): Promise<DeptAdminItem[]> {
      const rows = await repo.list(caller.scope);
      const disabledIds = new Set(rows.filter((r) => r.disabled_at !== null).map((r) => r.id));
      return rows.map((r) => toItem(r, disabledIds));
    },

    async create(caller: Caller, ip: string, input: DeptCreate): Promise<DeptAdminItem> {
      const parent = await visible(caller, input.parentId, '上级部门不存在');
      fits(input.kind, parent, '建');
      if (await repo.disabledOnPath(parent.path)) throw conflict('上级部门已停用，不能在其下新建部门');
      const v = values(input);
      await uniqueName(parent.id, v.name);
      const id = await write(async (tx, audit) => {
        const created = await tx.insert(parent, input.kind, v, now());
        await audit.recordFor(caller, ip, {
          action: 'dept.create',
          target: v.name,
          detail: { id: created, kind: input.kind, parentId: parent.id, parentName: parent.name, ...v },
        });
        return created;
      });
      return item(id);
    },

    /** Name, province and city; the caller's own department too (it stays where it is). */
    async update(caller: Caller, ip: string, input: DeptUpdate): Promise<DeptAdminItem> {
      const row = await visible(caller, input.id);
      const v = values(input);
      if (row.parent_id !== null && v.name !== row.name) await uniqueName(row.parent_id, v.name, row.id);
      const changes = changedFields(values(row), v);
      if (Object.keys(changes).length > 0) {
        await write(async (tx, audit) => {
          await tx.update(row.id, v);
          await audit.recordFor(caller, ip, { action: 'dept.update', target: v.name, detail: { id: row.id, changes } });
        });
      }
      return item(row.id);
    },

    /**
     * A department with its subtree goes under another parent of the caller's scope; its data is keyed
     * by department id and goes with it. Paths of the whole subtree are rewritten in one transaction.
     */
    async move(caller: Caller, ip: string, input: DeptMove): Promise<DeptAdminItem> {
      const row = await visible(caller, input.id);
      notOwn(caller, row, '移动');
      const target = await visible(caller, input.parentId, '目标上级部门不存在');
      if (target.path.startsWith(row.path)) throw badInput('不能把部门移到它自己或它的下级部门之下');
      if (target.id === row.parent_id) throw badInput(`该部门已在“${target.name}”之下`);
      fits(row.kind, target, '移');
      if (await repo.disabledOnPath(target.path)) throw conflict(`目标上级部门“${target.name}”已停用，不能移入`);
      await uniqueName(target.id, row.name);
      const newPath = `${target.path}${row.id}/`;
      const from = await visible(caller, row.parent_id!);
      await write(async (tx, audit) => {
        const moved = await tx.move(row.id, row.path, target.id, newPath);
        await audit.recordFor(caller, ip, {
          action: 'dept.move',
          target: row.name,
          detail: { id: row.id, kind: row.kind, from: { id: from.id, name: from.name }, to: { id: target.id, name: target.name }, departments: moved },
        });
      });
      // The institutions it left and joined now see a different subtree: their open live streams were
      // scoped when they opened, so they reconnect (streams of other processes: see docs/decisions.md).
      rescopeStreams(await repo.sessionsOfDepts([...new Set([...idsOf(from.path), ...idsOf(target.path)])]));
      return item(row.id);
    },

    /** Its subtree's users are shut out now (sessions ended) and at every later sign-in or request; the data stays. */
    async disable(caller: Caller, ip: string, id: number): Promise<{ item: DeptAdminItem; ended: number }> {
      const row = await visible(caller, id);
      notOwn(caller, row, '停用');
      if (row.disabled_at !== null) throw conflict(`部门“${row.name}”已停用`);
      const users = await repo.usersUnder(row.path);
      await write(async (tx, audit) => {
        await tx.setDisabled(row.id, now(), caller.username);
        await audit.recordFor(caller, ip, { action: 'dept.disable', target: row.name, detail: { id: row.id, kind: row.kind, users } });
      });
      const sessions = await repo.sessionsUnder(row.path);
      await endSessions(sessions);
      return { item: await item(row.id), ended: sessions.length };
    },

    async enable(caller: Caller, ip: string, id: number): Promise<DeptAdminItem> {
      const row = await visible(caller, id);
      if (row.disabled_at === null) throw conflict(`部门“${row.name}”未停用`);
      await write(async (tx, audit) => {
        await tx.setDisabled(row.id, null, null);
        await audit.recordFor(caller, ip, {
          action: 'dept.enable',
          target: row.name,
          detail: { id: row.id, kind: row.kind, disabledSince: formatTime(Number(row.disabled_at)) },
        });
      });
      return item(row.id);
    },
  };
}

export type DeptAdminService = ReturnType<typeof createDeptAdminService>;
