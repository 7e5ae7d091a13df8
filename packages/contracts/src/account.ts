import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id } from './fields.js';
import { PASSWORD_MESSAGES } from './password-messages.js';

export { PASSWORD_MESSAGES };

const TAG = '账号与会话';

/** How many recent passwords (the current one included) a new one may not repeat. */
export const PASSWORD_HISTORY = 3;

/** A new password: 8–64 characters with letters and digits (issue 18); not the user name nor a recent one (server). */
export const NewPassword = z
  .string()
  .min(8, PASSWORD_MESSAGES.short)
  .max(64, PASSWORD_MESSAGES.long)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), PASSWORD_MESSAGES.mix);

export const ChangePassword = z.object({
  oldPassword: z.string().min(1, '请输入当前密码').max(128),
  newPassword: NewPassword,
});
export type ChangePassword = z.infer<typeof ChangePassword>;

/** A session's public id: random, unrelated to the token (which never leaves the browser that holds it). */
export const SessionId = z.string().trim().min(1, '请选择会话').max(32);

export const EndSession = z.object({ id: SessionId });
export type EndSession = z.infer<typeof EndSession>;

export const UserSessionsQuery = z.object({ userId: id() });
export type UserSessionsQuery = z.infer<typeof UserSessionsQuery>;

export const SessionItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** Empty for sessions from before addresses were kept. */
  ip: z.string(),
  /** Short form of the user agent, e.g. "Chrome 120 · Windows". */
  browser: z.string(),
  /** The session this request was sent with. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof SessionItem>;

/** One's own password and sessions; an administrator's view of the sessions of users in scope. */
export const AccountCalls = {
  changePassword: defineCall({
    method: 'POST',
    path: '/api/account/changePassword',
    summary: '修改自己的密码（至少8位且含字母和数字，不同于用户名与最近3次密码）；成功后本账号的其他会话结束，当前会话保留',
    tag: TAG,
    access: 'signedIn',
    beforePasswordChange: true,
    body: ChangePassword,
    reply: z.null(),
  }),
  sessions: defineCall({
    method: 'GET',
    path: '/api/account/sessions',
    summary: '自己的有效会话（登录设备），标出当前会话',
    tag: TAG,
    access: 'signedIn',
    reply: z.array(SessionItem),
  }),
  endSession: defineCall({
    method: 'POST',
    path: '/api/account/endSession',
    summary: '结束自己的另一个会话（当前会话请退出登录）',
    tag: TAG,
    access: 'signedIn',
    body: EndSession,
    reply: z.null(),
  }),
  userSessions: defineCall({
    method: 'POST',
    path: '/api/system/session/list',
    summary: '管辖范围内某用户的有效会话',
    tag: TAG,
    access: 'user:admin',
    body: UserSessionsQuery,
    reply: z.array(SessionItem),
  }),
  endUserSession: defineCall({
    method: 'POST',
    path: '/api/system/session/end',
    summary: '结束管辖范围内用户的一个会话（对方的权限不得超出自己）',
    tag: TAG,
    access: 'user:admin',
    body: EndSession,
    reply: z.null(),
  }),
};
