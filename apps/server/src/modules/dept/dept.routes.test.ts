import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const tree = (query: string) => t.app.inject({ method: 'GET', url: `/api/dept/getDeptTreeByUserId${query}`, headers: { accessToken: admin } });

describe('/api/dept/getDeptTreeByUserId', () => {
  it("gives the caller's tree without userid, and an empty userid counts as none", async () => {
    const own = (await tree('')).json();
    expect(own.code).toBe(200);
    expect(own.result[0]).toMatchObject({ parentId: null, kind: 'platform', children: expect.any(Array) });
    expect((await tree('?userid=')).json().result).toEqual(own.result);
  });

  it.each([
    ['?userid=0x10', '参数错误：userid 应为整数'],
    ['?userid=%2012%20', '参数错误：userid 应为整数'],
    ['?userid=1e1', '参数错误：userid 应为整数'],
    ['?userid=true', '参数错误：userid 应为整数'],
    ['?userid=0', '参数错误：userid 不能小于1'],
    ['?userid=99999999999', '参数错误：userid 不能大于2147483647'],
  ])('answers %s with a 400 naming userid', async (query, msg) => {
    const res = await tree(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg });
  });
});
