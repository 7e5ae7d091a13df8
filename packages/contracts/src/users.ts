import { z } from 'zod';
import { NewPassword } from './account.js';
import { defineCall } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, optional, optionalText } from './fields.js';

const TAG = '用户管理';

/** 启用, 停用, and 已锁定: enabled, but too many failed sign-ins on the account within the throttle window. */
export const USER_STATES = ['enabled', 'disabled', 'locked'] as const;
export type UserState = (typeof USER_STATES)[number];

export const USERNAME_RULE = '用户名须为3-32位字母、数字或 _ . @ -，以字母或数字开头';
const Username = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]{2,31}$/, USERNAME_RULE);
const Realname = z.string().trim().min(1, '请输入姓名').max(50, '最多50个字符');
/** A mainland mobile number, or empty. */
const Phone = z.string().trim().regex(/^(1\d{10})?$/, '手机号应为11位数字，以1开头').default('');

export const UserListQuery = PageQuery.extend({
  /** The department and everything under it; narrows the caller's scope, never widens it. */
  deptId: optional(id()),
  /** Part of the user name or real name. */
  keyword: optionalText(50),
  roleId: optional(id()),
  state: optional(z.enum(USER_STATES, '不是已知的状态')),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

const userFields = { realname: Realname, phone: Phone, deptId: id(), roleId: id() };

/** Without a password the server generates one and answers it once; either way it must be changed at the first sign-in. */
export const UserCreate = z.object({ username: Username, ...userFields, password: NewPassword.optional() });
export type UserCreate = z.infer<typeof UserCreate>;
export const UserUpdate = z.object({ id: id(), ...userFields });
export type UserUpdate = z.infer<typeof UserUpdate>;
export const UserId = z.object({ id: id() });
export type UserId = z.infer<typeof UserId>;
export const UserResetPassword = z.object({ id: id(), password: NewPassword.optional() });
export type UserResetPassword = z.infer<typeof UserResetPassword>;

export const UserItem = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  phone: z.string(),
  deptId: z.number(),
  deptName: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  state: z.enum(USER_STATES),
  /** Must change the password at the next sign-in (created or reset, not changed since). */
  mustChangePassword: z.boolean(),
  /** From the audit log's sign-ins; null if never. */
  lastLoginTime: z.string().nullable(),
  createTime: z.string(),
  /** The caller may edit, disable, unlock or reset this user: not themselves, and no permission beyond theirs. */
  manageable: z.boolean(),
  self: z.boolean(),
});
export type UserItem = z.infer<typeof UserItem>;

/** `password` is the generated one, shown this once; null when the administrator set it. */
export const UserCreated = z.object({ user: UserItem, password: z.string().nullable() });
export type UserCreated = z.infer<typeof UserCreated>;
export const PasswordReset = z.object({ password: z.string().nullable() });
export type PasswordReset = z.infer<typeof PasswordReset>;

const call = <P extends `/api/system/user/${string}`>(path: P, summary: string) => ({ method: 'POST', path, summary, tag: TAG, access: 'user:admin' }) as const;

/** 用户管理 (issue 18): users of the caller's department subtree; nobody is given or reached beyond the caller's permissions. */
export const UserCalls = {
  list: defineCall({ ...call('/api/system/user/list', '本部门及下级部门的用户，分页，可按部门、姓名/用户名、角色、状态筛选'), body: UserListQuery, reply: pageOf(UserItem) }),
  create: defineCall({ ...call('/api/system/user/create', '新建用户（密码由管理员设置或自动生成并只显示这一次；首次登录须修改）'), body: UserCreate, reply: UserCreated }),
  update: defineCall({ ...call('/api/system/user/update', '修改用户的姓名、手机号、部门与角色'), body: UserUpdate, reply: UserItem }),
  disable: defineCall({ ...call('/api/system/user/disable', '停用用户：其会话立即结束，不能再登录'), body: UserId, reply: UserItem }),
  enable: defineCall({ ...call('/api/system/user/enable', '启用用户'), body: UserId, reply: UserItem }),
  unlock: defineCall({ ...call('/api/system/user/unlock', '解除账号因登录失败过多造成的锁定'), body: UserId, reply: UserItem }),
  resetPassword: defineCall({
    ...call('/api/system/user/resetPassword', '重置密码（自动生成并只显示这一次，或由管理员设置）；其会话结束，下次登录须修改'),
    body: UserResetPassword,
    reply: PasswordReset,
  }),
};
