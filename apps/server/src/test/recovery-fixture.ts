import type { TestApp } from './test-app.js';

const USERS = ['admin', 'finance1', 'operator1', 'dealer1', 'dealer2', 'recovery1', 'recovery2', 'finance2', 'installer1'];

/** Demo accounts signed in, dealer1's customers with a fitted car, and the two recovery companies. */
export async function recoveryFixture(t: TestApp) {
  const tokens: Record<string, string> = {};
  for (const u of USERS) tokens[u] = await t.login(u);
  const deptOf = Object.fromEntries((await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()).map((u) => [u.username, u.dept_id]));
  // Customers of dealer1 whose every car carries a device: their cases have cars to show.
  const customers = await t.db.selectFrom('customer').innerJoin('car', 'car.customer_id', 'customer.id').innerJoin('device', 'device.car_id', 'car.id')
    .select(['customer.id', 'customer.name']).distinct()
    .where('customer.dept_id', '=', deptOf.dealer1!).where('device.retired_at', 'is', null).orderBy('customer.id').limit(12).execute();

  const post = (user: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });
  let next = 0;

  return {
    tokens,
    post,
    get,
    team1: deptOf.recovery1!,
    team2: deptOf.recovery2!,
    /** A customer of dealer1 no case has been opened on yet in this file. */
    customer() {
      const c = customers[next++];
      if (!c) throw new Error('out of fixture customers');
      return c;
    },
    async open(user: string, body: object) {
      const res = await post(user, '/api/recovery/case/open', body);
      if (res.json().code !== 200) throw new Error(`open as ${user}: ${res.body}`);
      return res.json().result as { case: { id: number; state: string }; devices: { deviceNumber: string }[] | null };
    },
    async change(user: string, id: number, action: string, extra: object = {}) {
      return post(user, '/api/recovery/case/change', { id, action, reason: `测试：${action}`, ...extra });
    },
    async detail(user: string, id: number) {
      return get(user, `/api/recovery/case/detail?id=${id}`);
    },
  };
}

export type RecoveryFixture = Awaited<ReturnType<typeof recoveryFixture>>;
