import { RSA_PLAIN_CHUNK } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed-demo.js';
import { encryptParam } from '../lib/rsa.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

async function publicKey(t: TestApp) {
  return (await t.app.inject({ method: 'POST', url: '/publicKey' })).json().data as { publicKey: string; encrypt: string };
}

describe('RSA payload encryption for login only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENCRYPTION: 'login' });
  });
  afterAll(() => t.close());

  it('publishes a public key and says what it covers', async () => {
    const key = await publicKey(t);
    expect(key.encrypt).toBe('login');
    expect(Buffer.from(key.publicKey, 'base64').length).toBeGreaterThan(200);
  });

  it('signs in with an encrypted body and refuses a plain one', async () => {
    const key = await publicKey(t);
    const param = encryptParam(key.publicKey, { username: 'finance1', password: DEMO_PASSWORD }, RSA_PLAIN_CHUNK);
    const ok = await t.app.inject({ method: 'POST', url: '/api/login', payload: { param } });
    expect(ok.json().data.accessToken).toBeTruthy();
    const plain = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'finance1', password: DEMO_PASSWORD } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().msg).toContain('加密');
  });

  it('rejects a param that is not its ciphertext', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { param: Buffer.alloc(256, 7).toString('base64') } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数错误：param 无法解密');
  });

  it('leaves other calls plain', async () => {
    const token = await t.login('finance1');
    const res = await t.app.inject({ method: 'POST', url: '/api/device/getDevList', headers: { accessToken: token }, payload: { pageSize: 3 } });
    expect(res.json().result.list).toHaveLength(3);
  });
});

describe('RSA payload encryption for every call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENCRYPTION: 'all' });
  });
  afterAll(() => t.close());

  it('serves the public key in the clear and lets calls without data through', async () => {
    const key = await t.app.inject({ method: 'POST', url: '/publicKey', payload: {} });
    expect(key.json().data.encrypt).toBe('all');
    const token = await t.login('admin');
    const menu = await t.app.inject({ method: 'POST', url: '/menu/navigate', headers: { accessToken: token }, payload: {} });
    expect(menu.json().code).toBe(200);
    const plain = await t.app.inject({ method: 'POST', url: '/api/device/getDevList', headers: { accessToken: token }, payload: { pageSize: 3 } });
    expect(plain.statusCode).toBe(400);
  });

  it('decrypts list filters longer than one RSA block', async () => {
    const key = await publicKey(t);
    const token = await t.login('admin');
    const filters = { pageNumber: 1, pageSize: 7, deviceKind: 1, customerName: '', carFrameNumber: '', deviceNumber: '', padding: '备注'.repeat(80) };
    const param = encryptParam(key.publicKey, filters, RSA_PLAIN_CHUNK);
    expect(Buffer.from(param, 'base64').length).toBeGreaterThan(256);
    const res = await t.app.inject({ method: 'POST', url: '/api/device/getDevList', headers: { accessToken: token }, payload: { param } });
    expect(res.json().result.list).toHaveLength(7);
    expect(res.json().result.list.every((d: { deviceKind: number }) => d.deviceKind === 1)).toBe(true);
  });
});
