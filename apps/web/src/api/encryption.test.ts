// @vitest-environment node
import { RSA_CIPHER_CHUNK } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, encryptJson, importPublicKey } from './encryption';

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = bytesToBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  return { spki, privateKey: pair.privateKey };
}

/** What the server does with `param`. */
async function decrypt(privateKey: CryptoKey, param: string): Promise<unknown> {
  const cipher = base64ToBytes(param);
  expect(cipher.length % RSA_CIPHER_CHUNK).toBe(0);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < cipher.length; i += RSA_CIPHER_CHUNK) {
    parts.push(new Uint8Array(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, cipher.slice(i, i + RSA_CIPHER_CHUNK))));
  }
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((offset, p) => (joined.set(p, offset), offset + p.length), 0);
  return JSON.parse(new TextDecoder().decode(joined));
}

describe('RSA payload encryption', () => {
  it('round-trips a short login body in one block', async () => {
    const { spki, privateKey } = await keyPair();
    const param = await encryptJson(await importPublicKey(spki), { username: 'admin', password: 'Demo@2026' });
    expect(base64ToBytes(param).length).toBe(RSA_CIPHER_CHUNK);
    expect(await decrypt(privateKey, param)).toEqual({ username: 'admin', password: 'Demo@2026' });
  });

  it('round-trips a long body with Chinese text split across blocks', async () => {
    const { spki, privateKey } = await keyPair();
    const body = { customerName: '张三丰'.repeat(40), note: 'x'.repeat(301), deptId: 7 };
    const param = await encryptJson(await importPublicKey(spki), body);
    const plainBytes = new TextEncoder().encode(JSON.stringify(body)).length;
    expect(base64ToBytes(param).length).toBe(Math.ceil(plainBytes / 190) * RSA_CIPHER_CHUNK);
    expect(await decrypt(privateKey, param)).toEqual(body);
  });

  it('base64 helpers survive large arrays', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });
});
