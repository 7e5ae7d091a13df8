import crypto from 'node:crypto';
import { RSA_CIPHER_CHUNK } from '@cvrisk/contracts';
import { badInput } from './errors.js';

export type RsaKeys = { publicKeyBase64: string; privateKey: crypto.KeyObject };

export function generateRsaPem(): string {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function loadRsaKeys(privatePem: string): RsaKeys {
  const privateKey = crypto.createPrivateKey(privatePem);
  const spki = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return { publicKeyBase64: Buffer.from(spki).toString('base64'), privateKey };
}

/** `param` is base64 of RSA-OAEP-SHA256 blocks, each the encryption of one slice of the JSON text. */
export function decryptParam(keys: RsaKeys, param: string): unknown {
  const bytes = Buffer.from(param, 'base64');
  if (bytes.length === 0 || bytes.length % RSA_CIPHER_CHUNK !== 0) throw badInput('参数错误：param 不是有效的加密数据');
  const parts: Buffer[] = [];
  try {
    for (let i = 0; i < bytes.length; i += RSA_CIPHER_CHUNK) {
      parts.push(
        crypto.privateDecrypt(
          { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          bytes.subarray(i, i + RSA_CIPHER_CHUNK),
        ),
      );
    }
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw badInput('参数错误：param 无法解密');
  }
}

/** The client's side, used by tests and scripts that talk to an encrypting server. */
export function encryptParam(publicKeyBase64: string, body: unknown, plainChunk: number): string {
  const key = crypto.createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  const blocks: Buffer[] = [];
  for (let i = 0; i < text.length; i += plainChunk) {
    blocks.push(
      crypto.publicEncrypt(
        { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        text.subarray(i, i + plainChunk),
      ),
    );
  }
  return Buffer.concat(blocks).toString('base64');
}
