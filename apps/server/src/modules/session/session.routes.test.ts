import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed-demo.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });

describe('session calls', () => {
  it('answers the public key call with encryption off by default', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/publicKey' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: expect.any(String), data: { publicKey: '', encrypt: 'off', mockServer: false } });
  });

  it('signs in with the token under data.accessToken and the entity', async () => {
    const res = await login('finance1', DEMO_PASSWORD);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.entity).toEqual({ realname: expect.any(String), avatar: expect.any(String) });
    expect(body.data.entity.realname.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await login('operator1', 'not-the-password', '10.0.0.2');
    const unknown = await login('nobody-here', 'whatever', '10.0.0.3');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: '用户名或密码错误' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names the missing fields of a bad login body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toContain('password');
  });

  it('accepts the token in the accessToken header and as a Bearer token', async () => {
    const token = await t.login('operator1');
    for (const headers of [{ accessToken: token }, { authorization: `Bearer ${token}` }]) {
      const res = await t.app.inject({ method: 'POST', url: '/userInfo', headers, payload: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ userId: expect.any(Number), username: 'operator1', permissions: expect.arrayContaining(['warning:handle']) });
    }
  });

  it('answers 5003 (HTTP 401) without a token, with an unknown one, and after logout', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/userInfo' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(5003);
    const bogus = await t.app.inject({ method: 'POST', url: '/userInfo', headers: { accessToken: 'x'.repeat(43) } });
    expect(bogus.json().code).toBe(5003);

    const token = await t.login('dealer1');
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { accessToken: token } });
    expect(out.json().code).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/userInfo', headers: { accessToken: token } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(5003);
  });

  it('keeps registration closed with a clear message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/register' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('系统未开放自助注册，请联系管理员开通账号');
  });

  it('answers unknown calls with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '接口不存在：POST /api/nothing/here' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const token = await t.login('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/getDevList',
      headers: { accessToken: token, 'content-type': 'application/json' },
      payload: '{"pageNumber": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '请求体不是有效的 JSON' });
  });
});

describe('session expiry', () => {
  it('rejects a token once its lifetime has passed', async () => {
    const short = await createTestApp({ SESSION_TTL_HOURS: String(0.5 / 3600) });
    try {
      const token = await short.login('admin');
      expect((await short.app.inject({ method: 'POST', url: '/userInfo', headers: { accessToken: token } })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 600));
      const res = await short.app.inject({ method: 'POST', url: '/userInfo', headers: { accessToken: token } });
      expect(res.json().code).toBe(5003);
    } finally {
      await short.close();
    }
  });
});

describe('session input', () => {
  it.each([
    [{ username: 'u'.repeat(65), password: 'x' }, '参数错误：username 最多64个字符'],
    [{ username: 'finance1', password: '' }, '参数错误：password 请输入密码'],
    [{ username: 'finance1' }, '参数错误：password 不能为空'],
    [{ username: 12, password: 'x' }, '参数错误：username 应为文本'],
  ])('answers a login with %j by naming the field once', async (payload, msg) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: '10.0.9.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg });
  });

  it('takes a form-encoded login as the console may send it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=finance1&password=${encodeURIComponent(DEMO_PASSWORD)}`,
      remoteAddress: '10.0.9.2',
    });
    expect(res.json()).toMatchObject({ code: 200, msg: '登录成功', data: { accessToken: expect.any(String) } });
  });
});
