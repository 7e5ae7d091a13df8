import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('operator1');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: token } });

describe('catalog calls', () => {
  it('pages the brands with their models', async () => {
    const r = (await get('/api/carBrand/getList?pageNumber=1&pageSize=1000')).json().result;
    expect(r.count).toBeGreaterThan(0);
    expect(r.list[0]).toEqual({ id: expect.any(Number), brandName: expect.any(String), initial: expect.any(String), models: expect.any(Array) });
  });

  it('answers the product list under both names', async () => {
    const a = (await get('/pd/install/product/allProducts')).json();
    const b = (await get('/pd/install/product/getAllProductsList')).json();
    expect(a.code).toBe(200);
    expect(b.result).toEqual(a.result);
  });

  it.each([
    ['pageNumber=0x10', '参数错误：pageNumber 应为整数'],
    ['pageNumber=%2012%20', '参数错误：pageNumber 应为整数'],
    ['pageNumber=1e1', '参数错误：pageNumber 应为整数'],
    ['pageNumber=true', '参数错误：pageNumber 应为整数'],
    ['pageNumber=10000000', '参数错误：pageNumber 不能大于1000000'],
    ['pageSize=1001', '参数错误：pageSize 不能大于1000'],
    [`brandName=${'x'.repeat(51)}`, '参数错误：brandName 最多50个字符'],
  ])('answers the brand list with %s by naming the field', async (query, msg) => {
    const res = await get(`/api/carBrand/getList?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg });
  });
});
