import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>车联网风控平台</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'outlines.json'), JSON.stringify({ features: Array.from({ length: 500 }, (_, i) => ({ name: `市${i}` })) }));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built console', () => {
  it('is served at / and its assets without a session', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.body).toContain('车联网风控平台');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });

  it('sends large files and replies compressed to a browser that accepts gzip', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/outlines.json', headers: { 'accept-encoding': 'gzip' } });
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(file.rawPayload).toString()).features).toHaveLength(500);

    const token = await t.login('admin');
    const devices = await t.app.inject({ method: 'GET', url: '/api/monitor/devices', headers: { accessToken: token, 'accept-encoding': 'gzip' } });
    expect(devices.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(devices.rawPayload).toString());
    expect(body.code).toBe(200);
    expect(body.result.length).toBeGreaterThan(100);
    expect(devices.rawPayload.length * 4).toBeLessThan(JSON.stringify(body).length);
  });

  it('still guards the API', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/userInfo' });
    expect(res.json().code).toBe(5003);
  });
});
