import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: token }, payload });

describe('customer car calls take their input strictly', () => {
  it.each([
    [{ brandId: true }, '参数错误：brandId 应为整数'],
    [{ brandId: '0x10' }, '参数错误：brandId 应为整数'],
    [{ deptId: ' 12 ' }, '参数错误：deptId 应为整数'],
    [{ deptId: '1e1' }, '参数错误：deptId 应为整数'],
    [{ deptId: 0 }, '参数错误：deptId 不能小于1'],
    [{ pageNumber: 10_000_000 }, '参数错误：pageNumber 不能大于1000000'],
    [{ plateNumber: '浙'.repeat(11) }, '参数错误：plateNumber 最多10个字符'],
    [{ loanStatus: 'late' }, '参数错误：loanStatus 取值无效，可选：normal、overdue、settled'],
  ])('answers the list with %j by naming the field', async (payload, msg) => {
    const res = await post('/api/car/getCarDeviceList', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg });
  });

  it('refuses the same in the export, before any file is written', async () => {
    const res = await post('/api/car/download', { brandId: '0x10' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '参数错误：brandId 应为整数' });
  });

  it('takes digits and empty filters as a form gives them', async () => {
    const res = await post('/api/car/getCarDeviceList', { pageNumber: '1', pageSize: '5', deptId: '', brandId: null, loanStatus: '' });
    expect(res.json()).toMatchObject({ code: 200, result: { list: expect.any(Array) } });
    expect(res.json().result.list).toHaveLength(5);
  });
});
