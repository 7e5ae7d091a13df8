import { SessionCalls, type PublicKeyData } from '@cvrisk/contracts';
import { call } from './call';
import { importPublicKey, encryptJson } from './encryption';

export const LOGIN_URL = SessionCalls.login.path;

let config: Promise<PublicKeyData> | null = null;
let key: { spki: string; key: Promise<CryptoKey> } | null = null;

/** Asked once per page load; a failure is not cached so the next call asks again. */
export function loadPublicKey(): Promise<PublicKeyData> {
  config ??= call(SessionCalls.publicKey, undefined, { silent: true }).catch((e: unknown) => {
    config = null;
    throw e;
  });
  return config;
}

export function needsEncryption(url: string, cfg: PublicKeyData): boolean {
  if (!cfg.publicKey || cfg.encrypt === 'off') return false;
  return cfg.encrypt === 'all' || url === LOGIN_URL;
}

/** The JSON body as sent: plain, or `{ param }` when the server's setting covers this call. */
export async function encodeJsonBody(url: string, payload: unknown): Promise<unknown> {
  const cfg = await loadPublicKey();
  if (!needsEncryption(url, cfg)) return payload;
  if (key?.spki !== cfg.publicKey) key = { spki: cfg.publicKey, key: importPublicKey(cfg.publicKey) };
  return { param: await encryptJson(await key.key, payload) };
}
