import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let admin = '';
let operator = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  operator = await t.login('operator1');
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { accessToken: token }, payload: payload as object });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: token } });

describe('/api/device/getDevList', () => {
  it('pages with result.list and result.count, newest first, without overlap', async () => {
    const p1 = (await post(admin, '/api/device/getDevList', { pageNumber: 1, pageSize: 20 })).json().result;
    const p2 = (await post(admin, '/api/device/getDevList', { pageNumber: 2, pageSize: 20 })).json().result;
    expect(p1.list).toHaveLength(20);
    expect(p1.count).toBe(p2.count);
    expect(p1.count).toBeGreaterThan(800);
    const ids1 = p1.list.map((d: { id: number }) => d.id);
    expect(ids1).toEqual([...ids1].sort((a, b) => b - a));
    expect(ids1).not.toContain(p2.list[0].id);
  });

  it('filters by kind, by part of the number and by state', async () => {
    const wireless = (await post(admin, '/api/device/getDevList', { deviceKind: 2, pageSize: 1000 })).json().result;
    expect(wireless.count).toBeGreaterThan(0);
    expect(wireless.list.every((d: { deviceKind: number }) => d.deviceKind === 2)).toBe(true);
    const one = wireless.list[0].deviceNumber as string;
    const byNumber = (await post(admin, '/api/device/getDevList', { deviceNumber: one.slice(-6) })).json().result;
    expect(byNumber.list.map((d: { deviceNumber: string }) => d.deviceNumber)).toContain(one);
    // No terminal has reported yet on a freshly seeded database: every device is "never online".
    const never = (await post(admin, '/api/device/getDevList', { state: 'never' })).json().result;
    const all = (await post(admin, '/api/device/getDevList', {})).json().result;
    expect(never.count).toBe(all.count);
    expect((await post(admin, '/api/device/getDevList', { state: 'moving' })).json().result.count).toBe(0);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await post(admin, '/api/device/getDevList', { deviceNumber: '%' })).json().result.count).toBe(0);
  });

  it('filters by install time', async () => {
    const all = (await post(admin, '/api/device/getDevList', {})).json().result.count;
    const none = (await post(admin, '/api/device/getDevList', { installTimeStart: '2099-01-01 00:00:00' })).json().result.count;
    const before = (await post(admin, '/api/device/getDevList', { installTimeEnd: '2099-01-01 00:00:00' })).json().result.count;
    expect(none).toBe(0);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThanOrEqual(all);
  });

  it.each([
    [{ pageSize: 5000 }, 'pageSize'],
    [{ pageNumber: 0 }, 'pageNumber'],
    [{ pageNumber: 'abc' }, 'pageNumber'],
    [{ deviceKind: 3 }, 'deviceKind'],
    [{ state: 'flying' }, 'state'],
    [{ installTimeStart: '2026/11/01' }, 'installTimeStart'],
    [{ installTimeEnd: '2026-02-30 00:00:00' }, 'installTimeEnd'],
    [{ deviceNumber: 'x'.repeat(31) }, 'deviceNumber'],
    [{ deptId: -1 }, 'deptId'],
  ])('answers %j with a 400 naming %s', async (payload, field) => {
    const res = await post(admin, '/api/device/getDevList', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toContain(field);
  });

  it('refuses an install time range whose start is after its end, in the list and the export', async () => {
    const range = { installTimeStart: '2026-11-02 00:00:00', installTimeEnd: '2026-11-01 23:59:59' };
    for (const url of ['/api/device/getDevList', '/api/device/downloadListFromMiddle']) {
      const res = await post(admin, url, range);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '参数错误：installTimeStart 安装开始时间不能晚于安装结束时间' });
    }
    const sameSecond = await post(admin, '/api/device/getDevList', { installTimeStart: '2026-11-01 00:00:00', installTimeEnd: '2026-11-01 00:00:00' });
    expect(sameSecond.json().code).toBe(200);
  });

  it('answers a body that is not an object with a 400', async () => {
    for (const payload of [[1, 2], 'text', 42]) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/device/getDevList', headers: { accessToken: admin, 'content-type': 'application/json' }, payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('/api/car/getCarDeviceList', () => {
  it('lists cars with their customer, loan and devices', async () => {
    const r = (await post(admin, '/api/car/getCarDeviceList', { pageSize: 5 })).json().result;
    expect(r.count).toBeGreaterThan(500);
    const car = r.list[0];
    expect(car.carFrameNumber).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(car.wiredDevices.length).toBeGreaterThan(0);
    expect(car.deptName4s).not.toBe('');
    expect(car.deptName).not.toBe('');
  });

  it('masks phone and identity numbers for roles without customer:sensitive', async () => {
    const full = (await post(admin, '/api/car/getCarDeviceList', { pageSize: 1 })).json().result.list[0];
    const masked = (await post(operator, '/api/car/getCarDeviceList', { pageSize: 1000 })).json().result.list.find(
      (c: { carId: number }) => c.carId === full.carId,
    );
    expect(full.customerPhone).toMatch(/^1\d{10}$/);
    if (masked) {
      expect(masked.customerPhone).toBe(`${full.customerPhone.slice(0, 3)}****${full.customerPhone.slice(-4)}`);
      expect(masked.idCard).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
    }
  });

  it('filters by loan status and by device number', async () => {
    const overdue = (await post(admin, '/api/car/getCarDeviceList', { loanStatus: 'overdue', pageSize: 1000 })).json().result;
    expect(overdue.count).toBeGreaterThan(0);
    expect(overdue.list.every((c: { loanStatus: string; overdueDays: number }) => c.loanStatus === 'overdue' && c.overdueDays > 0)).toBe(true);
    const car = overdue.list[0];
    const byDevice = (await post(admin, '/api/car/getCarDeviceList', { deviceNumber: car.wiredDevices[0] })).json().result;
    expect(byDevice.list.map((c: { carId: number }) => c.carId)).toEqual([car.carId]);
  });

  it('rejects an unknown loan status', async () => {
    const res = await post(admin, '/api/car/getCarDeviceList', { loanStatus: 'lost' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('loanStatus');
  });
});

describe('catalogue', () => {
  it('lists brands with models under result.list, at the console page size of 1000', async () => {
    const r = (await get(operator, '/api/carBrand/getList?pageSize=1000&pageNumber=1')).json().result;
    expect(r.count).toBeGreaterThanOrEqual(20);
    expect(r.list).toHaveLength(r.count);
    expect(r.list.map((b: { brandName: string }) => b.brandName)).toContain('比亚迪');
    expect(r.list[0].models.length).toBeGreaterThan(0);
  });

  it('rejects a page size beyond 1000', async () => {
    expect((await get(operator, '/api/carBrand/getList?pageSize=1001')).statusCode).toBe(400);
  });

  it('lists install products by both names', async () => {
    const a = (await get(operator, '/pd/install/product/allProducts')).json().result;
    const b = (await get(operator, '/pd/install/product/getAllProductsList')).json().result;
    expect(a.length).toBeGreaterThan(0);
    expect(a[0]).toEqual({ id: expect.any(Number), productName: expect.any(String), wiredCount: expect.any(Number), wirelessCount: expect.any(Number) });
    expect(b).toEqual(a);
  });
});

describe('/api/dept/getDeptTreeByUserId', () => {
  it('gives the platform the whole tree: finance institutions with dealers and installers under them', async () => {
    const tree = (await get(admin, '/api/dept/getDeptTreeByUserId')).json().result;
    expect(tree).toHaveLength(1);
    expect(tree[0].kind).toBe('platform');
    const finance = tree[0].children.filter((c: { kind: string }) => c.kind === 'finance');
    expect(finance).toHaveLength(2);
    for (const f of finance) {
      expect(f.children.filter((c: { kind: string }) => c.kind === 'dealer')).toHaveLength(3);
      expect(f.children.filter((c: { kind: string }) => c.kind === 'installer')).toHaveLength(1);
    }
  });

  it('rejects a user id that is not a number', async () => {
    expect((await get(admin, '/api/dept/getDeptTreeByUserId?userid=abc')).statusCode).toBe(400);
  });
});
