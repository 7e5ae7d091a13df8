import type { FenceBindResult, FenceBoundCar, FenceItem, FenceQuickItem } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Fences through the API: dealer1 and dealer2 are dealers of finance1. editor1 and editor2 are
 * accounts in those two dealers that may edit fences (demo dealer staff may not).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
/** Device numbers by owner: dealer1's first is bound to a demo fence, the last ones are not. */
const devices: Record<string, string[]> = {};
let sharedFence: FenceItem;
let dealer2Fence: FenceItem;

const HANGZHOU = { lng: 120.15, lat: 30.28 };
const circle = (name: string, extra: object = {}) => ({ name, alarmOn: 'out', shape: 'circle', geometry: { ...HANGZHOU, radius: 2000 }, ...extra });
const polygon = (name: string, points: number[][]) => ({ name, alarmOn: 'in', shape: 'polygon', geometry: { points } });

const call = (user: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { accessToken: tokens[user]! }, ...(payload ? { payload } : {}) });
const list = async (user: string, query = 'pageNumber=1&pageSize=100') => {
  const res = await call(user, 'GET', `/api/fence/getList?${query}`);
  expect(res.json().code).toBe(200);
  return res.json().result as { list: FenceItem[]; count: number };
};
const save = (user: string, body: object) => call(user, 'POST', '/api/fence/save', body);
const bind = (user: string, fenceId: number, deviceNumbers: string[], un = false) =>
  call(user, 'POST', un ? '/api/fence/fenceUnBindingDeviceNumbers' : '/api/fence/quickFenceBindingDeviceNumber', { fenceId, deviceNumbers });
const boundCars = async (user: string, fenceId: number) => {
  const res = await call(user, 'GET', `/api/fence/getFenceBindCarList?fenceid=${fenceId}&pageNumber=1&pageSize=1000`);
  expect(res.json().code).toBe(200);
  return res.json().result as { list: FenceBoundCar[]; count: number };
};

beforeAll(async () => {
  t = await createTestApp();
  const editing = ['monitor:view', 'fence:edit'] as const;
  await addAccountBeside(t, 'dealer1', 'editor1', [...editing]);
  await addAccountBeside(t, 'dealer2', 'editor2', [...editing]);
  for (const u of ['admin', 'finance1', 'finance2', 'dealer1', 'dealer2', 'editor1', 'editor2']) tokens[u] = await t.login(u);
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  for (const u of users) dept[u.username] = u.dept_id;
  for (const owner of ['dealer1', 'dealer2', 'finance2']) {
    const q = t.db.selectFrom('device').select('device_number').where('kind', '=', 1).orderBy('id');
    const rows = owner === 'finance2'
      ? await q.where('dept_id', 'in', t.db.selectFrom('dept').select('id').where('parent_id', '=', dept.finance2!)).execute()
      : await q.where('dept_id', '=', dept[owner]!).execute();
    devices[owner] = rows.map((r) => r.device_number);
  }
  sharedFence = (await save('finance1', circle('华信杭州共享围栏')).then((r) => r.json())).result.entity;
  dealer2Fence = (await save('editor2', polygon('苏州门店围栏', [[120.6, 31.3], [120.65, 31.3], [120.65, 31.35], [120.6, 31.35]])).then((r) => r.json())).result.entity;
  const both = await bind('finance1', sharedFence.id, [devices.dealer1![0]!, devices.dealer1![1]!, devices.dealer2![0]!]);
  expect(both.json().result).toEqual({ changed: 3, notFound: [] });
});
afterAll(() => t.close());

describe('fence list', () => {
  it("shows dealer1 its own fences and finance1's shared one, never dealer2's", async () => {
    const { list: fences, count } = await list('dealer1');
    expect(count).toBe(fences.length);
    const own = fences.filter((f) => f.own);
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own.every((f) => f.deptId === dept.dealer1)).toBe(true);
    expect(fences.filter((f) => !f.own).map((f) => f.id)).toEqual([sharedFence.id]);
    expect(fences.map((f) => f.id)).not.toContain(dealer2Fence.id);
    const shared = fences.find((f) => f.id === sharedFence.id)!;
    expect(shared).toMatchObject({ deptId: dept.finance1, own: false, shape: 'circle', geometry: { ...HANGZHOU, radius: 2000 } });
    // Three devices are bound, one of them dealer2's: dealer1 counts its own two.
    expect(shared.boundCount).toBe(2);
  });

  it("shows finance1 its dealers' fences as its own, newest first, and none of finance2's", async () => {
    const { list: fences } = await list('finance1');
    expect(fences.map((f) => f.id)).toEqual(expect.arrayContaining([sharedFence.id, dealer2Fence.id]));
    expect(fences.every((f) => f.own)).toBe(true);
    expect(fences.find((f) => f.id === sharedFence.id)!.boundCount).toBe(3);
    const times = fences.map((f) => f.createTime);
    expect(times).toEqual([...times].sort().reverse());
    const theirs = (await list('finance2')).list.map((f) => f.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((id) => fences.some((f) => f.id === id))).toBe(false);
  });

  it('filters by name and pages', async () => {
    const named = await list('dealer1', `name=${encodeURIComponent('共享')}`);
    expect(named.list.map((f) => f.name)).toEqual(['华信杭州共享围栏']);
    const page = await list('finance1', 'pageNumber=1&pageSize=1');
    expect(page.list).toHaveLength(1);
    expect(page.count).toBe((await list('finance1')).count);
    const tooBig = await call('dealer1', 'GET', '/api/fence/getList?pageNumber=1&pageSize=1001');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toContain('pageSize');
  });
});

describe('saving a fence', () => {
  it('creates a circle and a polygon in the caller’s department and edits them', async () => {
    const res = await save('editor1', circle('西湖围栏'));
    expect(res.json()).toMatchObject({ code: 200, msg: '围栏已创建' });
    const created = res.json().result.entity as FenceItem;
    expect(created).toMatchObject({ name: '西湖围栏', own: true, deptId: dept.dealer1, boundCount: 0, alarmOn: 'out' });
    expect(created.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const points = [[120.1, 30.2], [120.2, 30.2], [120.2, 30.3], [120.1, 30.3]];
    const edited = await save('editor1', { ...polygon('西湖围栏（改）', points), id: created.id });
    expect(edited.json()).toMatchObject({ code: 200, msg: '围栏已修改', result: { entity: { id: created.id, shape: 'polygon', geometry: { points }, alarmOn: 'in' } } });
    expect((await list('dealer1')).list.find((f) => f.id === created.id)!.name).toBe('西湖围栏（改）');
  });

  it('takes a polygon sent as a closed ring and stores it open', async () => {
    const ring = [[120.3, 30.2], [120.4, 30.2], [120.35, 30.3], [120.3, 30.2]];
    const res = await save('editor1', polygon('闭合围栏', ring));
    expect(res.json().result.entity.geometry.points).toEqual(ring.slice(0, 3));
  });

  it.each([
    ['a self-intersecting polygon', polygon('交叉', [[120, 30], [120.1, 30.1], [120.1, 30], [120, 30.1]]), '多边形围栏的边不能相交'],
    ['a vertex twice', polygon('重复', [[120, 30], [120.1, 30], [120.1, 30], [120, 30.1]]), '重复的顶点'],
    ['two points', polygon('两点', [[120, 30], [120.1, 30]]), '多边形至少3个顶点'],
    ['radius 0', circle('零半径', { geometry: { ...HANGZHOU, radius: 0 } }), '半径至少50米'],
    ['a missing name', circle('  '), '请输入围栏名称'],
    ['an unknown shape', { ...circle('方形'), shape: 'square' }, '请选择围栏形状'],
    ['a longitude out of range', circle('越界', { geometry: { lng: 190, lat: 30, radius: 100 } }), '经度超出范围'],
    ['a taken name', circle('华信杭州共享围栏'), '已存在'],
  ])('refuses %s with 400 and says why', async (_, body, message) => {
    const res = await save('finance1', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });

  it("refuses a dealer's change to a fence shared from above, and to another dealer's", async () => {
    const shared = await save('editor1', { ...circle('改共享'), id: sharedFence.id });
    expect(shared.statusCode).toBe(404);
    expect(shared.json().msg).toContain('上级机构共享');
    const other = await save('editor1', { ...circle('改别人'), id: dealer2Fence.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('围栏不存在');
    expect((await list('finance1')).list.find((f) => f.id === sharedFence.id)!.name).toBe('华信杭州共享围栏');
  });

  it('refuses staff without fence:edit with the no-permission code', async () => {
    for (const res of [
      await save('dealer1', circle('无权限')),
      await call('dealer1', 'DELETE', `/api/fence/delete?ids=${sharedFence.id}`),
      await bind('dealer1', sharedFence.id, [devices.dealer1![2]!]),
      await bind('dealer1', sharedFence.id, [devices.dealer1![0]!], true),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(401);
    }
  });
});

describe('bound cars', () => {
  it('lists only the caller’s devices bound to a shared fence', async () => {
    const mine = await boundCars('dealer1', sharedFence.id);
    expect(mine.list.map((c) => c.deviceNumber).sort()).toEqual([devices.dealer1![0]!, devices.dealer1![1]!].sort());
    expect(mine.count).toBe(2);
    expect(mine.list[0]).toMatchObject({ deviceKind: 1, bindTime: expect.stringMatching(/^\d{4}-/) });
    expect(mine.list.some((c) => c.carFrameNumber)).toBe(true);
    expect((await boundCars('dealer2', sharedFence.id)).list.map((c) => c.deviceNumber)).toEqual([devices.dealer2![0]!]);
    expect((await boundCars('finance1', sharedFence.id)).count).toBe(3);
  });

  it("answers 404 for a fence the caller cannot see, and 400 without a fence id", async () => {
    expect((await call('dealer1', 'GET', `/api/fence/getFenceBindCarList?fenceid=${dealer2Fence.id}`)).statusCode).toBe(404);
    const bad = await call('dealer1', 'GET', '/api/fence/getFenceBindCarList?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('fenceid');
  });
});

describe('binding devices', () => {
  it('binds a dealer’s own device to a shared fence, twice without error, and unbinds it', async () => {
    const device = devices.dealer1!.at(-1)!;
    const first = await bind('editor1', sharedFence.id, [device]);
    expect(first.json()).toMatchObject({ code: 200, msg: '已绑定1台设备', result: { changed: 1, notFound: [] } });
    expect((await bind('editor1', sharedFence.id, [device])).json().result).toEqual({ changed: 0, notFound: [] });
    expect((await boundCars('dealer1', sharedFence.id)).list.map((c) => c.deviceNumber)).toContain(device);
    expect((await bind('editor1', sharedFence.id, [device], true)).json().result).toEqual({ changed: 1, notFound: [] });
    expect((await boundCars('dealer1', sharedFence.id)).list.map((c) => c.deviceNumber)).not.toContain(device);
  });

  it("lists dealer2's and unknown devices back as not found and binds none of them", async () => {
    const theirs = devices.dealer2!.at(-1)!;
    const res = (await bind('editor1', sharedFence.id, [theirs, 'NO-SUCH-DEVICE'])).json().result as FenceBindResult;
    expect(res).toEqual({ changed: 0, notFound: [theirs, 'NO-SUCH-DEVICE'] });
    expect((await boundCars('finance1', sharedFence.id)).list.map((c) => c.deviceNumber)).not.toContain(theirs);
    // Unbinding another dealer's device from a shared fence is refused the same way.
    const unbind = (await bind('editor1', sharedFence.id, [devices.dealer2![0]!], true)).json().result;
    expect(unbind).toEqual({ changed: 0, notFound: [devices.dealer2![0]!] });
    expect((await boundCars('dealer2', sharedFence.id)).count).toBe(1);
  });

  it("keeps finance1 from binding finance2's devices and a dealer from another dealer's fence", async () => {
    const res = (await bind('finance1', sharedFence.id, [devices.finance2![0]!])).json().result;
    expect(res).toEqual({ changed: 0, notFound: [devices.finance2![0]!] });
    expect((await bind('editor1', dealer2Fence.id, [devices.dealer1![2]!])).statusCode).toBe(404);
  });

  it('refuses an empty list of numbers with 400', async () => {
    const res = await bind('editor1', sharedFence.id, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('请输入设备号');
  });
});

describe('quick fence search', () => {
  it('finds visible fences by name and says whether a device is bound', async () => {
    const res = await call('dealer1', 'POST', '/api/fence/findFenceQuick', { keyword: '共享', deviceNumber: devices.dealer1![0]! });
    expect(res.json().result).toEqual([{ id: sharedFence.id, name: '华信杭州共享围栏', shape: 'circle', alarmOn: 'out', bound: true }]);
    const unbound = (await call('dealer1', 'POST', '/api/fence/findFenceQuick', { deviceNumber: devices.dealer1!.at(-1)! })).json().result as FenceQuickItem[];
    expect(unbound.length).toBe((await list('dealer1')).count);
    expect(unbound.every((f) => !f.bound)).toBe(true);
    expect(unbound.map((f) => f.id)).not.toContain(dealer2Fence.id);
  });

  it("answers 404 for another dealer's device", async () => {
    const res = await call('dealer1', 'POST', '/api/fence/findFenceQuick', { deviceNumber: devices.dealer2![0]! });
    expect(res.statusCode).toBe(404);
  });

  it('answers at most 50 fences', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      dept_id: dept.finance2!, name: `批量围栏${i}`, shape: 'circle', geometry: JSON.stringify({ lng: 113.3, lat: 23.1, radius: 500 }), alarm_on: 'both', created_at: i,
    }));
    await t.db.insertInto('fence').values(rows).execute();
    const res = (await call('finance2', 'POST', '/api/fence/findFenceQuick', { keyword: '批量' })).json().result as FenceQuickItem[];
    expect(res).toHaveLength(50);
  });
});

describe('deleting fences', () => {
  it('deletes own fences with their bindings and says how many', async () => {
    const a = (await save('finance1', circle('待删除A'))).json().result.entity as FenceItem;
    const b = (await save('finance1', circle('待删除B'))).json().result.entity as FenceItem;
    await bind('finance1', a.id, [devices.dealer1![3]!]);
    const res = await call('finance1', 'DELETE', `/api/fence/delete?ids=${a.id},${b.id}`);
    expect(res.json()).toMatchObject({ code: 200, result: { deleted: 2 } });
    expect((await list('finance1')).list.map((f) => f.id)).not.toContain(a.id);
    const left = await t.db.selectFrom('fence_binding').select('device_id').where('fence_id', '=', a.id).execute();
    expect(left).toEqual([]);
  });

  it('deletes nothing when one of the fences is shared from above or another dealer’s', async () => {
    const mine = (await save('editor1', circle('我的围栏'))).json().result.entity as FenceItem;
    const res = await call('editor1', 'DELETE', `/api/fence/delete?ids=${mine.id},${sharedFence.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain(String(sharedFence.id));
    expect((await call('editor1', 'DELETE', `/api/fence/delete?ids=${dealer2Fence.id}`)).statusCode).toBe(404);
    const ids = (await list('finance1')).list.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, sharedFence.id, dealer2Fence.id]));
  });

  it.each([
    ['ids=', '参数错误：ids 请选择围栏'],
    ['', '参数错误：ids 请选择围栏'],
    ['ids=0', '参数错误：ids.0 不能小于1'],
    ['ids=abc', '参数错误：ids.0 应为整数'],
    ['ids=0x10', '参数错误：ids.0 应为整数'],
    ['ids=1,%2012%20', '参数错误：ids.1 应为整数'],
    ['ids=1e1', '参数错误：ids.0 应为整数'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await call('finance1', 'DELETE', `/api/fence/delete?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });
});

describe('strict input', () => {
  it.each([true, '0x10', ' 12 ', '1e1', 1.5])('refuses fenceId %j in a JSON body', async (fenceId) => {
    const res = await call('editor1', 'POST', '/api/fence/quickFenceBindingDeviceNumber', { fenceId, deviceNumbers: [devices.dealer1![0]!] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数错误：fenceId 应为整数');
  });

  it.each(['0x10', '%2012%20', '1e1', 'true'])('refuses fenceid=%s in a query', async (fenceid) => {
    const res = await call('dealer1', 'GET', `/api/fence/getFenceBindCarList?fenceid=${fenceid}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '参数错误：fenceid 应为整数' });
  });

  it('says a page number is too large and a name too long', async () => {
    const page = await call('dealer1', 'GET', `/api/fence/getFenceBindCarList?fenceid=${sharedFence.id}&pageNumber=1000001`);
    expect(page.json()).toMatchObject({ code: 400, msg: '参数错误：pageNumber 不能大于1000000' });
    const name = await call('dealer1', 'GET', `/api/fence/getList?name=${'围'.repeat(51)}`);
    expect(name.json()).toMatchObject({ code: 400, msg: '参数错误：name 最多50个字符' });
  });
});
