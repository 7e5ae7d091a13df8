import { assert, openMenu, signedIn } from '../helpers.mjs';

/** The tile servers the page asked for, AMap's numbered hosts folded into one (webrd0#.is.autonavi.com). */
function watchTileRequests(page) {
  const hosts = new Set();
  page.on('request', (r) => {
    const host = new URL(r.url()).host;
    if (/autonavi\.com$|openstreetmap\.org$/.test(host)) hosts.add(host.replace(/^(webrd|webst)0\d/, '$10#'));
  });
  return hosts;
}

/** How many pixels of the canvas are painted. */
function painted(canvas) {
  return canvas.evaluate((canvas) => {
    if (!canvas.width || !canvas.height) return 0;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 16) if (data[i] > 0) n++;
    return n;
  });
}

async function waitPainted(canvas, what) {
  await canvas.waitFor();
  let n = 0;
  for (let i = 0; i < 50 && n < 50; i++) {
    n = await painted(canvas);
    if (n < 50) await canvas.page().waitForTimeout(200);
  }
  assert.ok(n >= 50, `${what} is painted (${n} px)`);
}

export const tests = [
  {
    name: 'the home charts, the device map with its worker and every base layer run without a policy violation',
    // The runner collects every policy violation the browser reports, in this test and all others.
    async run({ page, baseUrl, policyViolations }) {
      const tileHosts = watchTileRequests(page);
      const reply = await page.goto(`${baseUrl}/`);
      const csp = reply.headers()['content-security-policy'];
      assert.ok(csp && csp.includes("script-src 'self'"), `the console page carries the policy (${csp})`);

      await signedIn(page, baseUrl, 'admin');
      for (const chart of ['设备状态分布', '预警趋势']) await waitPainted(page.getByRole('img', { name: chart }).locator('canvas').first(), chart);

      await openMenu(page, '车辆监控', '在线监控');
      await page.waitForURL(/#\/monitor\/onlineMonitoring/);
      // Clusters come from the supercluster worker, a script file of its own (worker-src).
      await waitPainted(page.locator('.map-device-canvas'), 'the device layer');
      assert.ok(page.workers().some((w) => /clusterWorker/.test(w.url())), `the cluster worker runs (${page.workers().map((w) => w.url())})`);
      await page.locator('.leaflet-control-layers').hover();
      for (const layer of ['高德卫星图', 'OpenStreetMap']) {
        await page.locator('.leaflet-control-layers-base label', { hasText: layer }).click();
        await page.waitForTimeout(500);
      }
      // Offline here, the tiles fail on the network, but only after the policy let them be asked for.
      for (const host of ['webrd0#.is.autonavi.com', 'webst0#.is.autonavi.com', 'tile.openstreetmap.org']) {
        assert.ok(tileHosts.has(host), `tiles were requested from ${host} (seen: ${[...tileHosts].join(', ')})`);
      }
      await page.waitForTimeout(300);
      assert.deepEqual(policyViolations, []);
    },
  },
];
