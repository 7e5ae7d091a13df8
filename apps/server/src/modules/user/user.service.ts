import {
  formatTime, PASSWORD_MESSAGES, permissionNames, roleDeptKinds, roleMisfit, type DeptKind,
  type PageResult, type UserCreate, type UserCreated, type UserItem, type UserListQuery, type UserResetPassword, type UserUpdate,
} from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { badInput, conflict, noPermission, notFound } from '../../lib/errors.js';
import { generatePassword, hashPassword } from '../../lib/password.js';
import type { AccountRepository } from '../account/account.repository.js';
import { beyondCaller, permissionsOf } from '../account/reach.js';
import { changedFields, type AuditedWrite } from '../audit/audited-write.js';
import type { RoleRepository } from '../role/role.repository.js';
import type { SessionService } from '../session/session.service.js';
import type { SessionUser } from '../session/session-user.js';
import type { UserRepository, UserRow, UserValues } from './user.repository.js';

/** What a change writes through, in one transaction with its audit entry: the users, and the password store of the account module. */
export type UserStores = { users: UserRepository; account: AccountRepository; trx: Db };

export type UserDeps = {
  repo: UserRepository;
  write: AuditedWrite<UserStores>;
  roles: RoleRepository;
  sessions: SessionService;
  /** Failures on an account within the window at which the throttle refuses it: the list's 已锁定. */
  lockAt: number;
  now?: () => number;
};

const NOT_FOUND = '用户不存在';

/** What an audit entry shows of a user: never a password or hash. */
const audited = (u: { realname: string; phone: string; dept_id: number; dept_name: string; role_id: number; role_name: string }) => ({
  realname: u.realname, phone: u.phone, deptId: u.dept_id, deptName: u.dept_name, roleId: u.role_id, roleName: u.role_name,
});

export function createUserService({ repo, write, roles, sessions, lockAt, now = Date.now }: UserDeps) {
  const stateOf = (r: UserRow) => (r.enabled !== 1 ? 'disabled' : r.failures >= lockAt ? 'locked' : 'enabled') as UserItem['state'];

  function toItem(caller: SessionUser, r: UserRow): UserItem {
    const self = r.id === caller.id;
    return {
      id: r.id, username: r.username, realname: r.realname, phone: r.phone, deptId: r.dept_id, deptName: r.dept_name, roleId: r.role_id,
      roleName: r.role_name, state: stateOf(r), mustChangePassword: r.must_change_password === 1,
      lastLoginTime: r.last_login_at === null ? null : formatTime(r.last_login_at), createTime: formatTime(r.created_at),
      manageable: !self && beyondCaller(caller, permissionsOf(r.permissions)).length === 0, self,
    };
  }

  async function inScope(caller: SessionUser, id: number): Promise<UserRow> {
    const row = await repo.find(caller.scope, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** A user of the caller's subtree holding nothing beyond the caller (the rule of ending others' sessions, account module). */
  async function reachable(caller: SessionUser, id: number, act: string): Promise<UserRow> {
    const row = await inScope(caller, id);
    if (beyondCaller(caller, permissionsOf(row.permissions)).length) throw noPermission(`该用户拥有您没有的权限，不能${act}`);
    return row;
  }

  /** The department (in the caller's scope) and role (visible, within the caller's permissions, owned by that department or above) a user is given. */
  async function placement(caller: SessionUser, deptId: number, roleId: number) {
    const dept = await roles.deptInScope(caller.scope, deptId);
    if (!dept) throw notFound('部门不存在');
    const role = await roles.find({ scope: caller.scope, deptId: caller.deptId }, roleId);
    if (!role) throw notFound('角色不存在');
    const beyond = beyondCaller(caller, permissionsOf(role.permissions));
    if (beyond.length) throw noPermission(`不能分配含有您没有的权限的角色（${permissionNames(beyond)}）`);
    if (!(await roles.ownedAbove(role.id, dept.id))) throw badInput(`角色“${role.name}”属于${role.dept_name}，不能分配给${dept.name}的用户`);
    return { dept, role };
  }

  /** A role given to a user must fit the kind of their department (a dealer's staff is not given 平台管理员). */
  function mustFit(dept: { name: string; kind: string }, role: { name: string; code: string; permissions: string }): void {
    const misfit = roleMisfit({ name: role.name, deptKinds: roleDeptKinds(role.code, permissionsOf(role.permissions)) }, { name: dept.name, kind: dept.kind as DeptKind });
    if (misfit) throw badInput(misfit);
  }

  /** An administrator-set password passes the policy (schema) and is not the user name; else one is generated. */
  function chosenPassword(username: string, password: string | undefined): { plain: string; generated: boolean } {
    if (password === undefined) return { plain: generatePassword(), generated: true };
    if (password.trim().toLowerCase() === username.toLowerCase()) throw badInput(PASSWORD_MESSAGES.username);
    return { plain: password, generated: false };
  }

  async function reread(caller: SessionUser, id: number): Promise<UserItem> {
    return toItem(caller, await inScope(caller, id));
  }

  /** Ends every session of the user (none is kept: '' is no session's hash); their live streams close with them. */
  const endAllSessions = (userId: number) => sessions.endOtherSessions(userId, '');

  return {
    async list(caller: SessionUser, q: UserListQuery): Promise<PageResult<UserItem>> {
      const { rows, count } = await repo.page(caller.scope, q);
      return { list: rows.map((r) => toItem(caller, r)), count };
    },

    async create(caller: SessionUser, ip: string, input: UserCreate): Promise<UserCreated> {
      const { dept, role } = await placement(caller, input.deptId, input.roleId);
      mustFit(dept, role);
      if (await repo.usernameTaken(input.username)) throw conflict(`用户名“${input.username}”已存在`);
      const password = chosenPassword(input.username, input.password);
      const values: UserValues = { realname: input.realname, phone: input.phone, dept_id: dept.id, role_id: role.id };
      const hash = await hashPassword(password.plain);
      const id = await write(async (tx, audit) => {
        const saved = await tx.users.insert({ ...values, username: input.username, password_hash: hash }, now());
        const detail = { ...audited({ ...values, dept_name: dept.name, role_name: role.name }), passwordGenerated: password.generated };
        await audit.recordFor(caller, ip, { action: 'user.create', target: input.username, detail });
        return saved;
      });
      return { user: await reread(caller, id), password: password.generated ? password.plain : null };
    },

    async update(caller: SessionUser, ip: string, input: UserUpdate): Promise<UserItem> {
      const before = await reachable(caller, input.id, '修改');
      if (before.id === caller.id && input.roleId !== before.role_id) throw badInput('不能修改自己的角色');
      if (before.id === caller.id && input.deptId !== before.dept_id) throw badInput('不能修改自己的部门');
      const { dept, role } = await placement(caller, input.deptId, input.roleId);
      // Checked when the placement changes: a user placed before the rule keeps their name and phone editable.
      if (input.roleId !== before.role_id || input.deptId !== before.dept_id) mustFit(dept, role);
      const values: UserValues = { realname: input.realname, phone: input.phone, dept_id: dept.id, role_id: role.id };
      await write(async (tx, audit) => {
        if (!(await tx.users.update(caller.scope, input.id, values))) throw notFound(NOT_FOUND);
        const changes = changedFields(audited(before), audited({ ...values, dept_name: dept.name, role_name: role.name }));
        await audit.recordFor(caller, ip, { action: 'user.update', target: before.username, detail: { changes } });
      });
      return reread(caller, input.id);
    },

    /** Signs the user out everywhere at once; sign-in is refused while disabled. */
    async setEnabled(caller: SessionUser, ip: string, id: number, enabled: boolean): Promise<UserItem> {
      if (id === caller.id && !enabled) throw badInput('不能停用自己的账号');
      const row = await reachable(caller, id, enabled ? '启用' : '停用');
      if ((row.enabled === 1) === enabled) throw conflict(enabled ? '该用户已是启用状态' : '该用户已是停用状态');
      await write(async (tx, audit) => {
        if (!(await tx.users.update(caller.scope, id, { enabled: enabled ? 1 : 0 }))) throw notFound(NOT_FOUND);
        await audit.recordFor(caller, ip, { action: enabled ? 'user.enable' : 'user.disable', target: row.username, detail: {} });
      });
      if (!enabled) await endAllSessions(id);
      return reread(caller, id);
    },

    /** Clears the sign-in throttle's counters on the account; an address over its own limit stays refused. */
    async unlock(caller: SessionUser, ip: string, id: number): Promise<UserItem> {
      const row = await reachable(caller, id, '解锁');
      if (stateOf(row) !== 'locked') throw conflict('该账号当前未被锁定');
      await write(async (tx, audit) => {
        await tx.users.clearFailures(row.username);
        await audit.recordFor(caller, ip, { action: 'user.unlock', target: row.username, detail: { failures: row.failures } });
      });
      return reread(caller, id);
    },

    /** Whoever knew the old password is shut out: every session of the user ends; the new one must be changed at the next sign-in. */
    async resetPassword(caller: SessionUser, ip: string, input: UserResetPassword): Promise<{ password: string | null }> {
      if (input.id === caller.id) throw badInput('不能重置自己的密码，请在右上角个人菜单中修改密码');
      const row = await reachable(caller, input.id, '重置其密码');
      const password = chosenPassword(row.username, input.password);
      const hash = await hashPassword(password.plain);
      await write(async (tx, audit) => {
        await tx.account.setPassword(tx.trx, row.id, hash, now(), true);
        await audit.recordFor(caller, ip, { action: 'user.resetPassword', target: row.username, detail: { passwordGenerated: password.generated } });
      });
      await endAllSessions(row.id);
      return { password: password.generated ? password.plain : null };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
