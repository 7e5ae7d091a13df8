import { assert, changeInitialPassword, closePhoneMenu, dismissNotices, fillLogin, PASSWORD, signedIn } from '../helpers.mjs';

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The installer's home figures, in the order of their cards, and the states each counts. */
const INSTALLER_FIGURES = [
  { title: '待接单', state: 2 },
  { title: '安装中', state: 3 },
  { title: '待审核', state: 4 },
  { title: '安装异常', state: 6 },
];

/** A call of the signed-in user, with the token the console keeps: its result, or the envelope of a refusal. */
function api(page, url, body) {
  return page.evaluate(
    async ([u, b]) => {
      const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
      const init = b === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(b) };
      const reply = await window.fetch(u, init).then((r) => r.json());
      // A refusal answers its envelope, so an assertion can say what the server said.
      return reply.result ?? reply;
    },
    [url, body],
  );
}

/** The numbers the home's figure cards show, by title, once none of them is loading any more. */
async function cardValues(page, titles) {
  const shown = [];
  for (const title of titles) {
    const card = page.locator('.home .stat-card').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) });
    const value = card.locator('.ant-statistic-content-value');
    await value.waitFor();
    shown.push(Number((await value.innerText()).replace(/[,\s]/g, '')));
  }
  return shown;
}

/** The sweep may turn an installed order abnormal between the two reads: read both again after a reload then. */
async function installerFiguresMatch(page) {
  for (let attempt = 0; ; attempt++) {
    const shown = await cardValues(page, INSTALLER_FIGURES.map((f) => f.title));
    const counts = (await api(page, '/pd/installer/listOrders', { pageNumber: 1, pageSize: 1 })).stateCounts;
    const expected = INSTALLER_FIGURES.map((f) => counts[f.state] ?? 0);
    if (JSON.stringify(shown) === JSON.stringify(expected) || attempt === 2) {
      assert.deepEqual(shown, expected, 'the installer home shows its orders as the server counts them');
      return counts;
    }
    await page.reload();
  }
}

async function installerHome(page, baseUrl, size, shot) {
  await page.setViewportSize(size);
  await signedIn(page, baseUrl, 'installer1');
  await dismissNotices(page);
  // On a phone the menu opens over the page at first.
  if (size.width < 992) await closePhoneMenu(page);
  const counts = await installerFiguresMatch(page);
  // The demo's installer company has orders: the home is not a row of zeros.
  assert.ok(Object.values(counts).reduce((a, b) => a + b, 0) > 0, `installer1 has orders (${JSON.stringify(counts)})`);
  // Not the institution's device figures, which an installer company does not see.
  assert.equal(await page.locator('.stat-card', { hasText: '设备总数' }).count(), 0);
  assert.equal(await page.getByRole('img', { name: '设备状态分布' }).count(), 0);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 1, `the home fits ${size.width} px (${wide} px too wide)`);
  await shot(`33-home-installer-${size.width}`);
}

export const tests = [
  {
    name: 'an installer’s home at 1440 px shows its own orders by state, each opening its tab of 我的安装单',
    async run({ page, baseUrl, shot }) {
      await installerHome(page, baseUrl, DESK, shot);
      const working = page.locator('.home .stat-card').filter({ has: page.locator('.ant-statistic-title', { hasText: '安装中' }) });
      await working.getByRole('link', { name: /查看订单/ }).click();
      await page.waitForURL(/#\/dispatchOrder\/installerOrders\?tab=working/);
      await page.locator('.installer-orders').waitFor();
    },
  },
  {
    name: 'an installer’s home at 390 px shows the same figures, stacked, without sideways scrolling',
    async run({ page, baseUrl, shot }) {
      await installerHome(page, baseUrl, PHONE, shot);
    },
  },
  {
    name: 'a finance manager’s home still shows the institution’s device and order figures',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(DESK);
      await signedIn(page, baseUrl, 'finance1');
      await dismissNotices(page);
      const [total, online] = await cardValues(page, ['设备总数', '在线设备']);
      const stats = await api(page, '/api/indexMonitoring/deviceOnline');
      assert.ok(stats.total > 0, 'the demo institution has devices');
      assert.deepEqual([total, online], [stats.total, stats.online]);
      await page.locator('.home-card', { hasText: '派单统计' }).locator('.order-figure-value').first().waitFor();
      await shot('33-home-finance-1440');
    },
  },
  {
    name: 'the home of a department without devices says 0 and draws its bars empty (0 / 0 is not a full bar)',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(DESK);
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      // A new finance institution with nobody's devices in it, and a manager of its own.
      const suffix = String(Date.now()).slice(-6);
      const depts = await api(page, '/api/system/dept/list', {});
      const root = depts.find((d) => d.parentId === null) ?? depts[0];
      const dept = await api(page, '/api/system/dept/create', { parentId: root.id, kind: 'finance', name: `E2E 空机构 ${suffix}`, province: null, city: null });
      assert.ok(dept?.id, `the department was created: ${JSON.stringify(dept)}`);
      const roles = await api(page, '/api/system/role/list', {});
      // An institution's role (auditing orders is the institution's work, not a dealer's) that sees devices.
      const manager = roles.find((r) => r.permissions.includes('device:view') && r.permissions.includes('order:audit') && !r.permissions.includes('user:admin'));
      assert.ok(manager, 'an institution role that sees devices exists');
      const username = `e2e_empty_${suffix}`;
      const created = await api(page, '/api/system/user/create', { username, realname: '空机构经理', phone: '', deptId: dept.id, roleId: manager.id, password: `${PASSWORD}x` });
      assert.ok(created?.user, `the user was created: ${JSON.stringify(created)}`);

      await page.evaluate(() => localStorage.clear());
      await page.goto(`${baseUrl}/#/login`);
      await fillLogin(page, username, `${PASSWORD}x`);
      await changeInitialPassword(page, `${PASSWORD}x`, `${PASSWORD}y`);
      const [total, online, cars] = await cardValues(page, ['设备总数', '在线设备', '车辆总数']);
      assert.deepEqual([total, online, cars], [0, 0, 0]);
      const kinds = page.locator('.overview-row', { hasText: '有线 / 无线' });
      await kinds.waitFor();
      const filled = await kinds.locator('.ant-progress-track').evaluateAll((tracks) => tracks.map((t) => t.getBoundingClientRect().width));
      assert.ok(filled.length > 0, 'the wired / wireless bar is drawn');
      assert.deepEqual(filled, filled.map(() => 0), `no part of the 0 / 0 bar is filled (${filled.join(', ')} px)`);
      await kinds.scrollIntoViewIfNeeded();
      await shot('33-home-empty-scope-1440');
    },
  },
];
