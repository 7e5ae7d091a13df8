import { formatTime } from '@cvrisk/contracts';
import type { TestApp } from './test-app.js';

/** The smallest valid PNG (1×1): a photo as far as the file check can tell. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const USERS = ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2', 'installer1', 'installer2', 'finance2'];

/** Demo accounts, a car of dealer1, and the stock and fitted devices the order tests enter. */
export async function orderFixture(t: TestApp) {
  const tokens: Record<string, string> = {};
  for (const u of USERS) tokens[u] = await t.login(u);
  const deptOf = Object.fromEntries((await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()).map((u) => [u.username, u.dept_id]));
  const financeOf = async (deptId: number) => (await t.db.selectFrom('dept').select('parent_id').where('id', '=', deptId).executeTakeFirstOrThrow()).parent_id!;
  const finance1 = deptOf.finance1!;
  const car1 = await t.db.selectFrom('car').select(['id', 'frame_number', 'dept_id']).where('dept_id', '=', deptOf.dealer1!).orderBy('id').executeTakeFirstOrThrow();
  const stockOf = (financeId: number, kind: number) =>
    t.db.selectFrom('device as d').innerJoin('dept', 'dept.id', 'd.dept_id').select('d.device_number')
      .where('d.car_id', 'is', null).where('d.kind', '=', kind).where('dept.parent_id', '=', financeId).orderBy('d.id').execute()
      .then((rows) => rows.map((r) => r.device_number));
  const otherFinance = await financeOf(deptOf.dealer4!);
  const fitted = await t.db.selectFrom('device').select('device_number').where('dept_id', '=', deptOf.dealer1!).where('car_id', '!=', car1.id).orderBy('id').executeTakeFirstOrThrow();
  const installer1Id = deptOf.installer1!;
  const installer1Name = (await t.db.selectFrom('dept').select('name').where('id', '=', installer1Id).executeTakeFirstOrThrow()).name;

  const post = (user: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });

  return {
    tokens,
    car1,
    installer1Id,
    installer1Name,
    installer2Id: deptOf.installer2!,
    stock: { wired: await stockOf(finance1, 1), wireless: await stockOf(finance1, 2) },
    otherStock: (await stockOf(otherFinance, 1))[0]!,
    fitted: fitted.device_number,
    post,
    get,
    async detail(user: string, id: number) {
      const res = await get(user, `/pd/order/detail?id=${id}`);
      if (res.json().code !== 200) throw new Error(`detail ${id} as ${user}: ${res.body}`);
      return res.json().result;
    },
    /** The quick-dispatch form for car1, an install order of the first product, reserved for tomorrow. */
    form() {
      return {
        realName: '王师傅', phone: '13912345678', carOwnerName: '车主甲', reserveTime: formatTime(Date.now() + 86_400_000), orderType: 1,
        brandName: '大众', carFrameNumber: car1.frame_number, deviceSource: 1, installProductId: 1, address: '浙江省杭州市西湖区文三路90号', lng: 120.1265, lat: 30.2789,
      };
    },
    /** A second installer company of finance1's institution, so an order can be sent elsewhere. */
    async secondInstaller(): Promise<number> {
      const parent = await t.db.selectFrom('dept').select('path').where('id', '=', finance1).executeTakeFirstOrThrow();
      const row = await t.db.insertInto('dept').values({ parent_id: finance1, kind: 'installer', name: '杭州第二安装服务公司', province: '浙江省', city: '杭州市', path: 'pending', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
      await t.db.updateTable('dept').set({ path: `${parent.path}${row.id}/` }).where('id', '=', row.id).execute();
      return row.id;
    },
  };
}

export type OrderFixture = Awaited<ReturnType<typeof orderFixture>>;
