import { z } from 'zod';
import { defineCall } from './api/call.js';

const TAG = '会话';

export const LoginRequest = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** RSA-encrypted body: base64 of RSA-OAEP-SHA256 chunks of the JSON text. */
export const EncryptedBody = z.object({ param: z.string().min(1) });
export type EncryptedBody = z.infer<typeof EncryptedBody>;

/** 2048-bit RSA with OAEP-SHA256 fits 190 plaintext bytes per 256-byte block. */
export const RSA_PLAIN_CHUNK = 190;
export const RSA_CIPHER_CHUNK = 256;

export const PublicKeyData = z.object({
  /** SPKI DER in base64; empty when encryption is off. */
  publicKey: z.string(),
  /** Which calls are encrypted: none, login only, or every call with a body. */
  encrypt: z.enum(['off', 'login', 'all']),
  mockServer: z.boolean(),
});
export type PublicKeyData = z.infer<typeof PublicKeyData>;

export const LoginData = z.object({
  accessToken: z.string(),
  entity: z.object({ realname: z.string(), avatar: z.string() }),
  /** A password an administrator created or reset: the console asks for a new one before anything else. Absent means false. */
  mustChangePassword: z.boolean().optional(),
});
export type LoginData = z.infer<typeof LoginData>;

export const UserInfo = z.object({
  userId: z.number(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string(),
  permissions: z.array(z.string()),
  deptId: z.number(),
  deptName: z.string(),
  roleName: z.string(),
  /** As in the login reply: cleared when the user changes the password. Absent means false. */
  mustChangePassword: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** The console sends its token in the body too (console-spec §7); the header is what counts. */
export const UserInfoRequest = z.object({ token: z.string().max(512).optional() });
export type UserInfoRequest = z.infer<typeof UserInfoRequest>;

/** Session calls of console-spec §7: payloads under `data`. */
export const SessionCalls = {
  publicKey: defineCall({
    method: 'POST',
    path: '/publicKey',
    summary: '登录前取加密公钥与加密范围',
    tag: TAG,
    access: 'public',
    reply: PublicKeyData,
    envelope: 'data',
  }),
  login: defineCall({
    method: 'POST',
    path: '/api/login',
    summary: '用户名密码登录（JSON 或表单；开启加密时为 {param}）',
    tag: TAG,
    access: 'public',
    body: LoginRequest,
    reply: LoginData,
    envelope: 'data',
  }),
  register: defineCall({
    method: 'POST',
    path: '/register',
    summary: '自助注册（未开放，总是拒绝）',
    tag: TAG,
    access: 'public',
    reply: z.null(),
    envelope: 'data',
  }),
  userInfo: defineCall({
    method: 'POST',
    path: '/userInfo',
    summary: '当前用户与其权限',
    tag: TAG,
    access: 'signedIn',
    beforePasswordChange: true,
    body: UserInfoRequest,
    reply: UserInfo,
    envelope: 'data',
  }),
  logout: defineCall({
    method: 'GET',
    path: '/api/logout',
    summary: '退出登录',
    tag: TAG,
    access: 'signedIn',
    beforePasswordChange: true,
    reply: z.null(),
    envelope: 'data',
  }),
};
