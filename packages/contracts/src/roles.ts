import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id, optional, optionalText } from './fields.js';
import { DEPT_KIND_LABELS, DeptKinds, type DeptKind } from './labels.js';
import { Permissions, RoleCodes, type Permission, type RoleCode } from './permissions.js';

const TAG = '角色管理';

export const ROLE_NAME_MAX = 50;

/** A permission of the contracts' one list; anything else is refused by name. */
const PermissionName = z.enum(Permissions as unknown as [Permission, ...Permission[]], '不是已知的权限');

/** A role as an administrator saves it: the caller may only give permissions they hold (server). */
const roleFields = {
  name: z.string().trim().min(1, '请输入角色名称').max(ROLE_NAME_MAX, `最多${ROLE_NAME_MAX}个字符`),
  nameEn: z.string().trim().max(ROLE_NAME_MAX, `最多${ROLE_NAME_MAX}个字符`).default(''),
  permissions: z.array(PermissionName).min(1, '请至少选择一项权限').max(Permissions.length).transform((list) => [...new Set(list)]),
  /** The owning department; default the caller's. It must be within the caller's subtree. */
  deptId: optional(id()),
};

export const RoleCreate = z.object(roleFields);
export type RoleCreate = z.infer<typeof RoleCreate>;
export const RoleUpdate = z.object({ id: id(), ...roleFields });
export type RoleUpdate = z.infer<typeof RoleUpdate>;
export const RoleId = z.object({ id: id() });
export type RoleId = z.infer<typeof RoleId>;

export const RoleListQuery = z.object({ name: optionalText(ROLE_NAME_MAX) });
export type RoleListQuery = z.infer<typeof RoleListQuery>;

/** The work of a dealer's staff stops short of the institution's own: approving orders, thresholds, loans, stock, terminal resets and installing. */
const NOT_DEALER_WORK: readonly Permission[] = [
  'order:install', 'order:audit', 'config:edit', 'loan:import', 'device:stock', 'device:reset',
  // A dealer reads its customers' recovery cases; running them and stopping cars is the institution's.
  'recovery:manage', 'recovery:field', 'recovery:link', 'vehicle:control',
];

/** What each kind of department's users may be given (issue 31: the role picker offers only roles that fit). */
export const DEPT_KIND_PERMISSIONS: Record<DeptKind, readonly Permission[]> = {
  platform: Permissions,
  finance: Permissions,
  dealer: Permissions.filter((p) => !NOT_DEALER_WORK.includes(p)),
  // An installer company fits devices; it may keep its own accounts and read its own trail.
  installer: ['order:install', 'user:admin', 'audit:view'],
  // A recovery company works the cases assigned to it; it may keep its own accounts and read its own trail.
  recovery: ['recovery:view', 'recovery:field', 'recovery:link', 'user:admin', 'audit:view'],
};

/** The built-in roles are made for one kind of department each: 平台管理员 is not a dealer's role, whatever it holds. */
export const BUILT_IN_ROLE_KINDS: Record<RoleCode, readonly DeptKind[]> = {
  platformAdmin: ['platform'],
  financeManager: ['finance'],
  financeOperator: ['finance'],
  dealerStaff: ['dealer'],
  installer: ['installer'],
  recoveryAgent: ['recovery'],
};

/**
 * The kinds of department whose users a role fits: a built-in role's own kind; any other role every
 * kind whose work covers all its permissions.
 */
export function roleDeptKinds(code: string, permissions: readonly string[]): DeptKind[] {
  if ((RoleCodes as readonly string[]).includes(code)) return [...BUILT_IN_ROLE_KINDS[code as RoleCode]];
  return DeptKinds.filter((k) => permissions.every((p) => (DEPT_KIND_PERMISSIONS[k] as readonly string[]).includes(p)));
}

/** Why a role may not be given to a department's user, in Chinese (null: it fits). */
export function roleMisfit(role: { name: string; deptKinds: readonly DeptKind[] }, dept: { name: string; kind: DeptKind }): string | null {
  if (role.deptKinds.includes(dept.kind)) return null;
  const fits = role.deptKinds.map((k) => DEPT_KIND_LABELS[k].zh).join('、') || '任何机构';
  return `角色“${role.name}”适用于${fits}，不能分配给${DEPT_KIND_LABELS[dept.kind].zh}“${dept.name}”的用户`;
}

export const RoleItem = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  permissions: z.array(z.string()),
  deptId: z.number(),
  deptName: z.string(),
  userCount: z.number(),
  /** Owned within the caller's subtree (else shared from above: read only). */
  editable: z.boolean(),
  /** The caller holds every permission of it, so may give it to a user. */
  assignable: z.boolean(),
  /** The role the caller holds: read only to them (trimming it could lock them out). */
  mine: z.boolean(),
  /** The kinds of department whose users it fits (roleDeptKinds); the user dialog offers only these. */
  deptKinds: z.array(z.enum(DeptKinds)),
});
export type RoleItem = z.infer<typeof RoleItem>;

/** 角色管理 (issue 18): roles of the caller's subtree (editable) and of the departments above it (shared, read only). */
export const RoleCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/system/role/list',
    summary: '可见角色：本部门及下级拥有的（可编辑）与上级共享的（只读），含用户数',
    tag: TAG,
    access: 'user:admin',
    body: RoleListQuery,
    reply: z.array(RoleItem),
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/system/role/create',
    summary: '新建角色（只能包含自己拥有的权限；名称在所属部门内唯一）',
    tag: TAG,
    access: 'user:admin',
    body: RoleCreate,
    reply: RoleItem,
  }),
  update: defineCall({
    method: 'POST',
    path: '/api/system/role/update',
    summary: '修改本部门及下级拥有的角色；持有它的用户从下一次请求起按新权限',
    tag: TAG,
    access: 'user:admin',
    body: RoleUpdate,
    reply: RoleItem,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/api/system/role/delete',
    summary: '删除没有用户使用的角色',
    tag: TAG,
    access: 'user:admin',
    body: RoleId,
    reply: z.null(),
  }),
};
