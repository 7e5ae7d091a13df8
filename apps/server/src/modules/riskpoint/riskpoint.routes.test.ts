import { type RiskPointItem, distanceM } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGcj02 } from '../../lib/coords.js';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Risk points through the API. The demo puts eleven around each dealer's city: one the dealer's own,
 * one the platform's and nine the finance institution's. editor1 and editor2 sit in dealer1 and
 * dealer2 and may edit risk points (demo dealer staff may not).
 */
type Row = { id: number; dept_id: number; lng: number; lat: number; category: string };
let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
let all: Row[] = [];
/** dealer1's own demo point (in Hangzhou) and dealer2's (in Suzhou). */
let dealer1Point: Row;
let dealer2Point: Row;

const call = (user: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { accessToken: tokens[user]! }, ...(payload ? { payload } : {}) });
const near = async (user: string, which: 'my' | 'shared', at: { lng: number; lat: number }, extra = '') => {
  const path = which === 'my' ? 'getMyDistanceRiskPointByCoordinate' : 'getDistanceRiskPointByCoordinate';
  const res = await call(user, 'GET', `/api/riskpoint/${path}?lng=${at.lng}&lat=${at.lat}${extra}`);
  expect(res.json().code).toBe(200);
  return res.json().result as RiskPointItem[];
};
const list = async (user: string, query = '') => {
  const res = await call(user, 'GET', `/api/riskpoint/getList?pageNumber=1&pageSize=1000${query}`);
  expect(res.json().code).toBe(200);
  return res.json().result as { list: RiskPointItem[]; count: number };
};
const save = (user: string, body: object) => call(user, 'POST', '/api/riskpoint/save', body);
const point = (name: string, extra: object = {}) => ({ name, category: 'pawnshop', lng: 120.2, lat: 30.3, address: '浙江省杭州市上城区解放路1号', ...extra });
/** Demo points within `metres` of a place, owned by one of the departments, nearest first. */
const expected = (at: { lng: number; lat: number }, metres: number, owners: number[]) =>
  all.filter((p) => owners.includes(p.dept_id) && distanceM(at.lng, at.lat, p.lng, p.lat) <= metres)
    .sort((a, b) => distanceM(at.lng, at.lat, a.lng, a.lat) - distanceM(at.lng, at.lat, b.lng, b.lat))
    .map((p) => p.id);

beforeAll(async () => {
  t = await createTestApp();
  await addAccountBeside(t, 'dealer1', 'editor1', ['monitor:view', 'riskPoint:edit']);
  await addAccountBeside(t, 'dealer2', 'editor2', ['monitor:view', 'riskPoint:edit']);
  for (const u of ['admin', 'finance1', 'dealer1', 'dealer2', 'editor1', 'editor2']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
  dept.platform = (await t.db.selectFrom('dept').select('id').where('kind', '=', 'platform').executeTakeFirstOrThrow()).id;
  all = await t.db.selectFrom('risk_point').select(['id', 'dept_id', 'lng', 'lat', 'category']).execute();
  dealer1Point = all.find((p) => p.dept_id === dept.dealer1)!;
  dealer2Point = all.find((p) => p.dept_id === dept.dealer2)!;
});
afterAll(() => t.close());

describe('risk points near a place', () => {
  it("gives dealer1 the shared points (finance1's and the platform's) around it, nearest first, with the distance", async () => {
    const found = await near('dealer1', 'shared', dealer1Point, '&distance=30000');
    expect(found.map((p) => p.id)).toEqual(expected(dealer1Point, 30_000, [dept.finance1!, dept.platform!]));
    expect(found.length).toBe(10);
    expect(found.every((p) => !p.own)).toBe(true);
    const distances = found.map((p) => p.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const first = found[0]!;
    expect(first.distance).toBe(Math.round(distanceM(dealer1Point.lng, dealer1Point.lat, first.lng, first.lat)));
    expect([first.gaodeLng, first.gaodeLat]).toEqual(toGcj02(first.lng, first.lat));
    expect(first.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("gives dealer1 only its own points as 'my' ones", async () => {
    const mine = await near('dealer1', 'my', dealer1Point, '&distance=30000');
    expect(mine.map((p) => p.id)).toEqual([dealer1Point.id]);
    expect(mine[0]).toMatchObject({ own: true, deptId: dept.dealer1, distance: 0 });
  });

  it("never gives dealer1 dealer2's point, asked where it is", async () => {
    const ids = [...(await near('dealer1', 'my', dealer2Point)), ...(await near('dealer1', 'shared', dealer2Point))].map((p) => p.id);
    expect(ids).not.toContain(dealer2Point.id);
    expect((await near('dealer2', 'my', dealer2Point)).map((p) => p.id)).toContain(dealer2Point.id);
  });

  it("counts finance1's dealers' points as its own and the platform's as shared; the platform shares nothing", async () => {
    const own = await near('finance1', 'my', dealer1Point, '&distance=30000');
    expect(own.map((p) => p.id)).toEqual(expected(dealer1Point, 30_000, [dept.finance1!, dept.dealer1!]));
    expect(own.every((p) => p.own)).toBe(true);
    const shared = await near('finance1', 'shared', dealer1Point, '&distance=30000');
    expect(shared.map((p) => p.deptId)).toEqual([dept.platform]);
    expect(await near('admin', 'shared', dealer1Point)).toEqual([]);
    expect((await near('admin', 'my', dealer1Point, '&distance=30000')).length).toBe(11);
  });

  it('measures the distance exactly at the edge and filters by category', async () => {
    // 0.009° of latitude north is 1,000.75 m.
    const at = { lng: 121.5, lat: 31.2 };
    const created = (await save('editor1', point('边界测试典当行', { lng: at.lng, lat: at.lat + 0.009 }))).json().result.entity as RiskPointItem;
    expect(await near('editor1', 'my', at, '&distance=1000')).toEqual([]);
    expect((await near('editor1', 'my', at, '&distance=1001')).map((p) => [p.id, p.distance])).toEqual([[created.id, 1001]]);
    expect(await near('editor1', 'my', at, '&distance=1001&category=usedCar')).toEqual([]);
    const used = await near('finance1', 'my', dealer1Point, '&distance=30000&category=usedCar');
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((p) => p.category === 'usedCar')).toBe(true);
  });

  it.each([['lat=abc&lng=120', 'lat'], ['lng=200&lat=30', 'lng 不能大于180'], ['lng=0x10&lat=30', 'lng 应为数字'], ['lng=120&lat=30&distance=0', 'distance'], ['lng=120&lat=30&category=bank', 'category']])(
    'refuses %s with 400',
    async (query, message) => {
      const res = await call('dealer1', 'GET', `/api/riskpoint/getDistanceRiskPointByCoordinate?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(message);
    },
  );
});

describe('risk point list', () => {
  it("lists dealer1's own and shared points, by owner, never dealer2's", async () => {
    const own = await list('dealer1', '&owner=own');
    const shared = await list('dealer1', '&owner=shared');
    const both = await list('dealer1');
    expect(own.count).toBe(all.filter((p) => p.dept_id === dept.dealer1).length + (await createdBy('editor1')));
    expect(shared.count).toBe(all.filter((p) => p.dept_id === dept.finance1 || p.dept_id === dept.platform).length);
    expect(both.count).toBe(own.count + shared.count);
    expect(new Set(own.list.map((p) => p.deptId))).toEqual(new Set([dept.dealer1]));
    expect(new Set(shared.list.map((p) => p.deptId))).toEqual(new Set([dept.finance1, dept.platform]));
    expect(both.list.map((p) => p.deptId)).not.toContain(dept.dealer2);
    const times = both.list.map((p) => p.createTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by name and category and pages', async () => {
    const usedCar = await list('finance1', '&category=usedCar');
    expect(usedCar.count).toBeGreaterThan(0);
    expect(usedCar.list.every((p) => p.category === 'usedCar')).toBe(true);
    const name = usedCar.list[0]!.name;
    expect((await list('finance1', `&name=${encodeURIComponent(name)}`)).list.map((p) => p.name)).toContain(name);
    const page = (await call('finance1', 'GET', '/api/riskpoint/getList?pageNumber=2&pageSize=5')).json().result;
    expect(page.list).toHaveLength(5);
    expect(page.count).toBe((await list('finance1')).count);
  });
});

async function createdBy(username: string): Promise<number> {
  const user = await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const r = await t.db.selectFrom('risk_point').select((eb) => eb.fn.countAll<number>().as('n')).where('created_by', '=', user.id).executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('saving and deleting risk points', () => {
  it('creates a point of the caller’s department and edits it', async () => {
    const res = await save('editor1', point('解放路典当行'));
    expect(res.json()).toMatchObject({ code: 200, msg: '风险点已创建' });
    const created = res.json().result.entity as RiskPointItem;
    expect(created).toMatchObject({ name: '解放路典当行', category: 'pawnshop', lng: 120.2, lat: 30.3, own: true, deptId: dept.dealer1 });
    expect([created.gaodeLng, created.gaodeLat]).toEqual(toGcj02(120.2, 30.3));
    const edited = await save('editor1', { ...point('解放路二手车市场', { category: 'usedCar', lng: 120.21 }), id: created.id });
    expect(edited.json()).toMatchObject({ code: 200, msg: '风险点已修改', result: { entity: { id: created.id, category: 'usedCar', lng: 120.21 } } });
    expect((await list('finance1')).list.find((p) => p.id === created.id)).toMatchObject({ name: '解放路二手车市场', own: true });
  });

  it("refuses to change a shared point or another dealer's", async () => {
    const shared = all.find((p) => p.dept_id === dept.finance1)!;
    const res = await save('editor1', { ...point('改共享'), id: shared.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('上级机构共享');
    const other = await save('editor1', { ...point('改别人'), id: dealer2Point.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('风险点不存在');
    expect((await list('finance1')).list.find((p) => p.id === shared.id)!.name).not.toBe('改共享');
  });

  it.each([
    ['a missing name', point(''), '请输入风险点名称'],
    ['a point outside China', point('境外', { lng: 2.35 }), '经度超出中国范围'],
    ['an unknown category', point('银行', { category: 'bank' }), '请选择风险点类型'],
    ['a missing address', point('无地址', { address: ' ' }), '请输入地址'],
  ])('refuses %s with 400', async (_, body, message) => {
    const res = await save('editor1', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });

  it('deletes an own point once; a shared or another dealer’s point stays', async () => {
    const created = (await save('editor1', point('待删除'))).json().result.entity as RiskPointItem;
    const res = await call('editor1', 'DELETE', `/api/riskpoint/delete?id=${created.id}`);
    expect(res.json()).toMatchObject({ code: 200, msg: '风险点已删除' });
    expect((await call('editor1', 'DELETE', `/api/riskpoint/delete?id=${created.id}`)).statusCode).toBe(404);
    const shared = all.find((p) => p.dept_id === dept.platform)!;
    const refused = await call('editor1', 'DELETE', `/api/riskpoint/delete?id=${shared.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toContain('上级机构共享');
    const other = await call('editor1', 'DELETE', `/api/riskpoint/delete?id=${dealer2Point.id}`);
    expect(other.json()).toMatchObject({ code: 404, msg: '风险点不存在' });
    const left = await t.db.selectFrom('risk_point').select('id').where('id', 'in', [shared.id, dealer2Point.id]).execute();
    expect(left).toHaveLength(2);
  });

  it('refuses a bad id with 400 naming it, and never reads hex, padding or a boolean as an id', async () => {
    const messages: Record<string, string> = {
      'id=0': '参数错误：id 不能小于1',
      'id=abc': '参数错误：id 应为整数',
      '': '参数错误：id 不能为空',
      'id=0x10': '参数错误：id 应为整数',
      'id=%2012%20': '参数错误：id 应为整数',
      'id=true': '参数错误：id 应为整数',
      'id=1e1': '参数错误：id 应为整数',
      'id=99999999999999999999': '参数错误：id 不能大于2147483647',
    };
    for (const [q, msg] of Object.entries(messages)) {
      const res = await call('editor1', 'DELETE', `/api/riskpoint/delete?${q}`);
      expect([q, res.statusCode, res.json().msg]).toEqual([q, 400, msg]);
    }
    const bodyId = await save('editor1', point('布尔编号', { id: true }));
    expect(bodyId.json()).toMatchObject({ code: 400, msg: '参数错误：id 应为整数' });
  });

  it('refuses staff without riskPoint:edit with the no-permission code, and lets them view', async () => {
    for (const res of [await save('dealer1', point('无权限')), await call('dealer1', 'DELETE', `/api/riskpoint/delete?id=${dealer1Point.id}`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(401);
    }
    expect((await call('dealer1', 'GET', '/api/riskpoint/getList')).statusCode).toBe(200);
  });
});
