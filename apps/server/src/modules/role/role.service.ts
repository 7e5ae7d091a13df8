import crypto from 'node:crypto';
import { permissionNames, roleDeptKinds, type RoleCreate, type RoleItem, type RoleListQuery, type RoleUpdate } from '@cvrisk/contracts';
import { badInput, conflict, noPermission, notFound } from '../../lib/errors.js';
import { isOwn, type Viewer } from '../../lib/shared-scope.js';
import { beyondCaller, permissionsOf } from '../account/reach.js';
import { changedFields, type AuditedWrite } from '../audit/audited-write.js';
import type { SessionUser } from '../session/session-user.js';
import type { RoleRepository, RoleRow, RoleValues } from './role.repository.js';

const NOT_FOUND = '角色不存在';

const viewerOf = (caller: SessionUser): Viewer => ({ scope: caller.scope, deptId: caller.deptId });

/** What an audit entry shows of a role. */
const audited = (v: RoleValues & { dept_name?: string }) => ({ name: v.name, nameEn: v.name_en, permissions: permissionsOf(v.permissions), deptId: v.dept_id });

/**
 * New roles get a generated code: `role.code` stays unique and not null (SQLite cannot relax it
 * without rebuilding the table), and no one has to invent a code the screen never shows.
 */
const newCode = () => `r_${crypto.randomBytes(8).toString('hex')}`;

export function createRoleService(repo: RoleRepository, write: AuditedWrite<RoleRepository>) {
  function toItem(caller: SessionUser, r: RoleRow, callerRoleId: number | undefined): RoleItem {
    const permissions = permissionsOf(r.permissions);
    return {
      id: r.id, name: r.name, nameEn: r.name_en, permissions, deptId: r.dept_id, deptName: r.dept_name, userCount: r.user_count,
      editable: isOwn(viewerOf(caller), r.dept_id), assignable: beyondCaller(caller, permissions).length === 0, mine: r.id === callerRoleId,
      deptKinds: roleDeptKinds(r.code, permissions),
    };
  }

  /** A role the caller may change: visible (else absent), owned in their subtree, holding nothing beyond them. */
  async function editableRole(caller: SessionUser, id: number): Promise<RoleRow> {
    const row = await repo.find(viewerOf(caller), id);
    if (!row) throw notFound(NOT_FOUND);
    if (!isOwn(viewerOf(caller), row.dept_id)) throw noPermission('该角色由上级机构共享，只能查看，不能修改或删除');
    const beyond = beyondCaller(caller, permissionsOf(row.permissions));
    if (beyond.length) throw noPermission(`该角色拥有您没有的权限（${permissionNames(beyond)}），不能修改或删除`);
    // Like one's own role assignment: an administrator who trims the role they hold could lock themselves out.
    if ((await repo.roleIdOf(caller.id)) === row.id) throw badInput('不能修改或删除自己正在使用的角色，请由其他管理员操作');
    return row;
  }

  /** The values to store: the owner in the caller's subtree, only permissions the caller holds, a name free in the owner. */
  async function valuesOf(caller: SessionUser, input: RoleCreate, exceptId?: number): Promise<RoleValues & { dept_name: string }> {
    const dept = await repo.deptInScope(caller.scope, input.deptId ?? caller.deptId);
    if (!dept) throw notFound('部门不存在');
    const beyond = beyondCaller(caller, input.permissions);
    if (beyond.length) throw noPermission(`不能授予您没有的权限：${permissionNames(beyond)}`);
    if (await repo.nameTaken(dept.id, input.name, exceptId)) throw conflict(`${dept.name}已有名为“${input.name}”的角色，请换一个名称`);
    return { name: input.name, name_en: input.nameEn, permissions: JSON.stringify(input.permissions), dept_id: dept.id, dept_name: dept.name };
  }

  async function reread(caller: SessionUser, id: number): Promise<RoleItem> {
    const row = await repo.find(viewerOf(caller), id);
    if (!row) throw notFound(NOT_FOUND);
    return toItem(caller, row, await repo.roleIdOf(caller.id));
  }

  return {
    async list(caller: SessionUser, q: RoleListQuery): Promise<RoleItem[]> {
      const [rows, mine] = await Promise.all([repo.list(viewerOf(caller), q.name), repo.roleIdOf(caller.id)]);
      return rows.map((r) => toItem(caller, r, mine));
    },

    async create(caller: SessionUser, ip: string, input: RoleCreate): Promise<RoleItem> {
      const { dept_name: deptName, ...values } = await valuesOf(caller, input);
      const id = await write(async (tx, audit) => {
        const saved = await tx.insert(values, newCode());
        await audit.recordFor(caller, ip, { action: 'role.create', target: `#${saved} ${values.name}`, detail: { ...audited(values), deptName } });
        return saved;
      });
      return reread(caller, id);
    },

    /** Takes effect for the role's users at their next request: sessions read permissions with every request. */
    async update(caller: SessionUser, ip: string, input: RoleUpdate): Promise<RoleItem> {
      const before = await editableRole(caller, input.id);
      // Without a department the owner stays as it was.
      const { dept_name: deptName, ...values } = await valuesOf(caller, { ...input, deptId: input.deptId ?? before.dept_id }, input.id);
      // A role is held only within its owner's subtree: moving the owner must not strand its holders.
      const stranded = values.dept_id === before.dept_id ? 0 : await repo.holdersOutside(input.id, values.dept_id);
      if (stranded) throw badInput(`该角色有${stranded}个用户不在${deptName}及其下级，不能改由${deptName}所有`);
      await write(async (tx, audit) => {
        if (!(await tx.update(caller.scope, input.id, values))) throw notFound(NOT_FOUND);
        const changes = changedFields(audited(before), audited(values));
        await audit.recordFor(caller, ip, { action: 'role.update', target: `#${input.id} ${values.name}`, detail: { changes } });
      });
      return reread(caller, input.id);
    },

    async remove(caller: SessionUser, ip: string, id: number): Promise<void> {
      const row = await editableRole(caller, id);
      if (row.user_count > 0) throw badInput(`仍有${row.user_count}个用户使用该角色，请先为他们更换角色再删除`);
      await write(async (tx, audit) => {
        if (!(await tx.remove(caller.scope, id))) throw badInput('该角色刚被分配给用户，请刷新后再试');
        await audit.recordFor(caller, ip, { action: 'role.delete', target: `#${id} ${row.name}`, detail: audited(row) });
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
