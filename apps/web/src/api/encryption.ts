import { RSA_PLAIN_CHUNK } from '@cvrisk/contracts';

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  // Spread in slices: one String.fromCharCode over a large array overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', base64ToBytes(spkiBase64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
}

/**
 * The server's `param` format: the UTF-8 JSON text cut into 190-byte pieces (the most a 2048-bit
 * RSA-OAEP-SHA256 block holds), each encrypted, the cipher blocks joined and base64-encoded.
 * Cuts may split a multi-byte character; the server joins the plaintext bytes before decoding.
 */
export async function encryptJson(key: CryptoKey, value: unknown): Promise<string> {
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const blocks: Uint8Array[] = [];
  for (let i = 0; i < plain.length || i === 0; i += RSA_PLAIN_CHUNK) {
    const piece = plain.slice(i, i + RSA_PLAIN_CHUNK);
    blocks.push(new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, piece)));
  }
  const joined = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let offset = 0;
  for (const b of blocks) {
    joined.set(b, offset);
    offset += b.length;
  }
  return bytesToBase64(joined);
}
