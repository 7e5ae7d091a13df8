import { assert, dismissNotices, openMenu, pick, signedIn } from '../helpers.mjs';

const WIDE = { width: 1440, height: 900 };
const rows = (page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** Each test signs in afresh and changes nothing another test reads. */
export const independent = true;

/** A call of the console's API with the signed-in user's token. */
function api(page, method, path, body) {
  return page.evaluate(async ({ method, path, body }) => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const reply = await window.fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined }).then((r) => r.json());
    return reply.result ?? reply.data;
  }, { method, path, body });
}

/** A car of the demo that went silent and reappeared elsewhere: cars whose devices raised abnormal-move or power-cut warnings. */
async function carWithOfflineMove(page) {
  for (const warningType of [10, 2, 1]) {
    const warnings = await api(page, 'POST', '/api/report/riskWarning/findList', { pageNumber: 1, pageSize: 50, warningType });
    for (const deviceNumber of [...new Set(warnings.list.map((w) => w.deviceNumber))]) {
      const car = await api(page, 'GET', `/api/customerDraw/getUseCarByDeviceNumber?deviceNumber=${encodeURIComponent(deviceNumber)}`);
      if (!car) continue;
      const trips = await api(page, 'GET', `/api/customerDraw/getDrivingByCarid?carid=${car.carId}`);
      const move = trips.find((t) => t.kind === 'offlineMove');
      if (move) return { ...car, move };
    }
  }
  return null;
}

export const tests = [
  {
    name: 'the portrait lists a move while offline apart from the trips, and the audit log reads without JSON',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(WIDE);
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      const found = await carWithOfflineMove(page);
      assert.ok(found, 'the demo has a car that went silent and reappeared elsewhere');
      await page.goto(`${baseUrl}/#/risk/userPortrait?customerid=${found.customerId}&carid=${found.carId}`);
      const tag = page.locator('.portrait-offline-move .ant-tag').filter({ hasText: '离线期间位移' }).first();
      await tag.waitFor();
      const row = page.locator('.portrait-offline-move').first();
      const text = await row.innerText();
      assert.ok(text.includes('km（直线）') && text.includes('离线'), text);
      assert.ok(text.includes(found.move.startTime.slice(5, 16)), `the whole start time is shown: ${text}`);
      await page.getByText('本月离线期间位移').waitFor();
      await row.scrollIntoViewIfNeeded();
      await shot('32-portrait-offline-move-1440');

      await openMenu(page, '系统管理', '审计日志');
      // The portrait stays open in its tab: the audit log's own table is the list card's.
      const audit = page.locator('.list-card .ant-table-tbody');
      await audit.locator('tr.ant-table-row').first().waitFor();
      const table = await audit.innerText();
      // Raw JSON is keys in quotes; a quote alone may be data (a name with markup saved by another spec).
      const json = /\{\s*"|"\s*:/.exec(table);
      assert.ok(!json, `no raw JSON in the audit log: ${json ? table.slice(Math.max(0, json.index - 200), json.index + 200) : ''}`);
      assert.ok(await audit.locator('.audit-detail-line').count() > 0, 'details are shown as lines');
      await shot('32-audit-details-1440');

      await openMenu(page, '报表中心', '停车报表');
      await page.locator('.report-summary canvas').first().waitFor();
      await page.locator('.report-summary').scrollIntoViewIfNeeded();
      await shot('32-parking-places-1440');
    },
  },
  {
    name: 'the users list shows the demo accounts’ last sign-ins, and the role picker follows the department',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(WIDE);
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await openMenu(page, '系统管理', '用户管理');
      await rows(page).first().waitFor();
      const shown = await rows(page).evaluateAll((trs) => trs.map((r) => r.innerText));
      const withTime = shown.filter((r) => /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(r.replace(/创建.*$/s, '')));
      const never = shown.filter((r) => r.includes('从未登录'));
      assert.ok(never.length < shown.length / 2, `most demo accounts have signed in (${never.length} of ${shown.length} never)`);
      assert.ok(withTime.length > 0);
      await shot('32-users-last-login-1440');

      const tree = await api(page, 'GET', `/api/dept/getDeptTreeByUserId?userid=${(await api(page, 'POST', '/userInfo', {})).userId}`);
      const all = [];
      const walk = (nodes) => nodes.forEach((n) => (all.push(n), walk(n.children)));
      walk(tree);
      const dealer = all.find((n) => n.kind === 'dealer');
      const installer = all.find((n) => n.kind === 'installer');
      assert.ok(dealer && installer, 'the demo has a dealer and an installer company');

      await page.getByRole('button', { name: /新建用户/ }).click();
      const form = page.getByRole('dialog', { name: '新建用户' });
      const rolesFor = async (dept) => {
        await form.getByLabel('部门').click();
        await form.getByLabel('部门').fill(dept.name);
        await pick(page, page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: dept.name }));
        await form.getByLabel('角色').click();
        const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
        await options.first().waitFor();
        const names = await options.evaluateAll((os) => os.map((o) => o.getAttribute('title')));
        await page.keyboard.press('Escape');
        return names;
      };
      const forDealer = await rolesFor(dealer);
      await shot('32-role-picker-dealer-1440');
      const forInstaller = await rolesFor(installer);
      assert.ok(forDealer.some((n) => n.startsWith('经销商员工')) && !forDealer.some((n) => n.startsWith('安装师傅') || n.startsWith('平台管理员')), forDealer.join(' | '));
      assert.ok(forInstaller.some((n) => n.startsWith('安装师傅')) && !forInstaller.some((n) => n.startsWith('经销商员工')), forInstaller.join(' | '));
    },
  },
];
