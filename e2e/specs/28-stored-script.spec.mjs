import { assert, dismissNotices, signedIn } from '../helpers.mjs';

/**
 * Stored script (the security issue's "no stored script anywhere"): names saved through the console's
 * own API with markup in them are drawn wherever they reach a map or a chart, with the page's
 * Content-Security-Policy switched off, so only the console's own rendering stands between the name
 * and the DOM. Each screen must show the name as text: no script ran, no element was made from it.
 */

// Each marks what ran it: window.__xss = 1 (fence), 2 (risk point), 3 (department). At most 50 characters.
const hostile = (n) => `E2E<img src=x onerror="window.__xss=${n}"><b>x</b>`;
const FENCE = hostile(1);
const POINT = hostile(2);
const DEPT = hostile(3);

/** The console's own API as the signed-in user; answers the envelope. */
function api(page, method, url, body) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const headers = { accessToken: localStorage.getItem('accessToken') };
      if (body) headers['Content-Type'] = 'application/json';
      const res = await window.fetch(url, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
      return res.json();
    },
    { method, url, body },
  );
}

async function saved(page, url, body) {
  const reply = await api(page, 'POST', url, body);
  assert.equal(reply.code, 200, `${url} saved: ${JSON.stringify(reply)}`);
  return reply.result;
}

/** A warning with a car and a position, and its department. */
async function someWarning(page) {
  const listed = await api(page, 'POST', '/api/report/riskWarning/findList', { pageNumber: 1, pageSize: 50 });
  for (const { id, deptId } of listed.result.list) {
    const reply = await api(page, 'GET', `/api/report/riskWarning/getWarningDetails?id=${id}`);
    const w = reply.result?.entity;
    if (w && w.carid !== null && w.lng !== null) return { ...w, deptId };
  }
  return null;
}

/** Nothing the names hold became part of the page: no script ran, no image or bold text was made. */
async function assertInert(page, where) {
  const made = await page.evaluate(() => ({
    xss: window.__xss,
    images: document.querySelectorAll('img[src="x"]').length,
    bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'x').length,
  }));
  assert.equal(made.xss, undefined, `${where}: a saved name ran script (window.__xss = ${made.xss})`);
  assert.equal(made.images, 0, `${where}: an <img> was made from a saved name`);
  assert.equal(made.bold, 0, `${where}: a <b> was made from a saved name`);
}

const mapSettled = (page) => page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
const tooltip = (page, text) => page.locator('.leaflet-tooltip').filter({ hasText: text });

/** The middle of the map on screen, where a point it was centred on is drawn. */
async function mapMiddle(page, container) {
  const box = await page.locator(container).first().boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

export const tests = [
  {
    name: 'names with markup saved on fences, risk points and departments are drawn as text on every map, tooltip and chart',
    contextOptions: { bypassCSP: true },
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      const w = await someWarning(page);
      assert.ok(w, 'admin sees a warning with a car and a position');
      const depts = await saved(page, '/api/system/dept/list', {});
      const dept = depts.find((d) => d.id === w.deptId);
      assert.ok(dept, `the warning's department ${w.deptId} is listed`);

      const made = { fence: null, point: null };
      try {
        made.fence = (await saved(page, '/api/fence/save', { name: FENCE, alarmOn: 'both', shape: 'circle', geometry: { lng: w.lng, lat: w.lat, radius: 800 } })).entity;
        // On the warning's own position: the warning detail's map draws it among the nearby risk points.
        made.point = (await saved(page, '/api/riskpoint/save', { name: POINT, category: 'other', lng: w.lng, lat: w.lat, address: 'E2E 测试地址' })).entity;
        await saved(page, '/api/system/dept/update', { id: dept.id, name: DEPT, province: dept.province, city: dept.city });

        // 电子围栏: the selected fence's label stays on the map; hovering the outline shows it too.
        await page.goto(`${baseUrl}/#/monitor/fenceManagement`);
        await page.locator('.map-panel-item').filter({ hasText: FENCE }).click();
        await tooltip(page, FENCE).waitFor();
        await mapSettled(page);
        assert.equal(await tooltip(page, FENCE).innerText(), FENCE, 'the fence label reads the name as typed');
        await assertInert(page, '电子围栏');
        await shot('28-fence-label');

        // 风险点: the chosen point is centred; hovering it opens its tooltip.
        await page.goto(`${baseUrl}/#/monitor/riskPoint`);
        await page.locator('.map-panel-item').filter({ hasText: POINT }).click();
        await page.getByRole('dialog', { name: POINT }).waitFor();
        await mapSettled(page);
        await page.mouse.move(...(await mapMiddle(page, '.map-workspace-map .leaflet-container')));
        await tooltip(page, POINT).waitFor();
        assert.ok((await tooltip(page, POINT).innerText()).startsWith(POINT), 'the risk point tooltip reads the name as typed');
        await assertInert(page, '风险点');
        await shot('28-risk-point-tooltip');

        // 预警详情: the nearby risk points on the map, and the department in the facts.
        await page.goto(`${baseUrl}/#/risk/warningDetail?id=${w.id}&deviceNumber=${w.deviceNumber}&warningType=${w.warningType}`);
        const info = page.locator('.wd-card').filter({ hasText: '预警信息' });
        await info.getByText(DEPT).first().waitFor();
        const toolbar = page.getByRole('toolbar', { name: '车辆使用分析' });
        await toolbar.getByRole('button', { name: '风险点' }).click();
        await page.waitForFunction(() => !document.querySelector('.vu-loading'));
        await mapSettled(page);
        await assertInert(page, '预警详情');
        await shot('28-warning-detail');

        // 在线监控: the card a device opens on the map names its department.
        await page.goto(`${baseUrl}/#/monitor/onlineMonitoring?deviceNumber=${w.deviceNumber}&monitor=dev`);
        await page.locator('.monitor-card').getByText(DEPT).waitFor();
        await mapSettled(page);
        await assertInert(page, '在线监控');
        await shot('28-monitoring-card');

        // 经销商多维统计: the department is a column of the heat map; its cells' tooltips name it.
        await page.goto(`${baseUrl}/#/riskConfig/dealersMultiDimensionalStatistics?deptId=${dept.id}`);
        const chart = page.getByRole('img', { name: '预警类型 × 部门' });
        await chart.locator('canvas').first().waitFor();
        const box = await chart.boundingBox();
        const tip = chart.locator('div').filter({ hasText: DEPT });
        for (let y = box.y + 20; y < box.y + box.height - 60 && !(await tip.count()); y += 24) await page.mouse.move(box.x + box.width / 2, y);
        await tip.last().waitFor();
        await assertInert(page, '经销商多维统计');
        await shot('28-dealer-heat-tooltip');
      } finally {
        await api(page, 'POST', '/api/system/dept/update', { id: dept.id, name: dept.name, province: dept.province, city: dept.city });
        if (made.fence) await api(page, 'DELETE', `/api/fence/delete?ids=${made.fence.id}`);
        if (made.point) await api(page, 'DELETE', `/api/riskpoint/delete?id=${made.point.id}`);
      }
    },
  },
];
