// @vitest-environment node
import type { PublicKeyData } from '@cvrisk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToBase64 } from './encryption';
import { needsEncryption } from './publicKey';

const cfg = (encrypt: PublicKeyData['encrypt'], publicKey = 'KEY'): PublicKeyData => ({ publicKey, encrypt, mockServer: false });

describe('which calls are encrypted', () => {
  it('follows the server setting: off, login only, or every body', () => {
    expect(needsEncryption('/api/login', cfg('off'))).toBe(false);
    expect(needsEncryption('/api/login', cfg('login'))).toBe(true);
    expect(needsEncryption('/api/device/getDevList', cfg('login'))).toBe(false);
    expect(needsEncryption('/api/device/getDevList', cfg('all'))).toBe(true);
    expect(needsEncryption('/api/login', cfg('all', ''))).toBe(false);
  });
});

describe('encrypted login body', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('sends { param } that the holder of the private key reads back', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = bytesToBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
    const sent: unknown[] = [];
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/publicKey') return Response.json({ code: 200, msg: 'ok', data: { publicKey: spki, encrypt: 'login', mockServer: false } });
        sent.push(JSON.parse(String(init.body)));
        return Response.json({ code: 200, msg: 'ok', data: { accessToken: 't', entity: { realname: 'r', avatar: '' } } });
      }),
    );
    const { login } = await import('./session.api');
    await login({ username: 'admin', password: 'Demo@2026' });
    const body = sent[0] as { param: string };
    expect(Object.keys(body)).toEqual(['param']);
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, Uint8Array.from(atob(body.param), (c) => c.charCodeAt(0)));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ username: 'admin', password: 'Demo@2026' });
  });
});
