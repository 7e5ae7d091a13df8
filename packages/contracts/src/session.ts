import { z } from 'zod';

export const LoginRequest = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64, '用户名最多64个字符'),
  password: z.string().min(1, '请输入密码').max(128, '密码最多128个字符'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** RSA-encrypted body: base64 of RSA-OAEP-SHA256 chunks of the JSON text. */
export const EncryptedBody = z.object({ param: z.string().min(1) });
export type EncryptedBody = z.infer<typeof EncryptedBody>;

/** 2048-bit RSA with OAEP-SHA256 fits 190 plaintext bytes per 256-byte block. */
export const RSA_PLAIN_CHUNK = 190;
export const RSA_CIPHER_CHUNK = 256;

export type PublicKeyData = {
  /** SPKI DER in base64; empty when encryption is off. */
  publicKey: string;
  /** Which calls are encrypted: none, login only, or every call with a body. */
  encrypt: 'off' | 'login' | 'all';
  mockServer: boolean;
};

export type LoginData = { accessToken: string; entity: { realname: string; avatar: string } };

export type UserInfo = {
  userId: number;
  username: string;
  realname: string;
  avatar: string;
  permissions: string[];
  deptId: number;
  deptName: string;
  roleName: string;
};

export const UserInfoRequest = z.object({ token: z.string().optional() });
