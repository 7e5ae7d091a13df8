import { listCalls } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the API document at /api/docs', () => {
  it('is served without a session as OpenAPI 3.1 with every declared call', async () => {
    const res = await get('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const { name, call } of listCalls()) expect(doc.paths[call.path]?.[call.method.toLowerCase()]?.operationId).toBe(name);
  });

  it('is shown in Swagger UI from the npm package, with no inline script', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toMatch(/src="\/api\/docs\//);
      expect(inline!.trim()).toBe('');
    }
    const assets = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/swagger-ui.css', '/api/docs/init.js']));
    for (const url of assets) expect((await get(url)).statusCode, url).toBe(200);
    const bundle = await get('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body).toContain('SwaggerUIBundle');
    expect((await get('/api/docs/assets/swagger-ui.css')).headers['content-type']).toContain('text/css');
    expect((await get('/api/docs/init.js')).body).toContain('/api/docs/openapi.json');
  });

  it('serves only the files the page uses from the package', async () => {
    expect((await get('/api/docs/assets/swagger-initializer.js')).statusCode).toBe(404);
    expect((await get('/api/docs/assets/package.json')).statusCode).toBe(404);
    expect((await get('/api/docs/assets/../package.json')).statusCode).toBe(404);
  });
});

describe('API_DOCS=off', () => {
  it('leaves the document and the page out', async () => {
    const off = await createTestApp({ API_DOCS: 'off' });
    try {
      for (const url of ['/api/docs', '/api/docs/openapi.json', '/api/docs/assets/swagger-ui.css']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
