import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

/** The brief's laptop: the map screens must fit it without scrolling. */
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SEARCH = '设备号 / 车牌 / 车架号 / 客户 / 手机号';

/** Sum of the state chips (行驶/静止/离线/未上线): how many devices the map holds. */
async function deviceCount(page) {
  await page.locator('.monitor-state-count').first().waitFor();
  // The counts appear with the snapshot; wait until it has arrived.
  await page.waitForFunction(() => [...document.querySelectorAll('.monitor-state-count')].some((b) => Number(b.textContent) > 0));
  const counts = await page.locator('.monitor-state-count').allInnerTexts();
  return counts.reduce((n, c) => n + Number(c), 0);
}

/**
 * Painted pixels of the device canvas: clusters and markers, or the red ring of the chosen device near the
 * centre, or within `above` px over the map's top edge (a phone's card covers the rest).
 */
function canvasPixels(page, { nearCentre = false, above = 0 } = {}) {
  return page.evaluate(({ nearCentre, above }) => {
    const canvas = document.querySelector('.map-device-canvas');
    const map = document.querySelector('.map-view-map');
    if (!canvas || !map || !canvas.width) return { painted: 0, ring: 0 };
    const c = canvas.getBoundingClientRect();
    const m = map.getBoundingClientRect();
    const scale = canvas.width / c.width;
    const half = 30;
    const [x, y, w, h] = nearCentre
      ? [((m.left + m.width / 2 - c.left) - half) * scale, ((m.top + m.height / 2 - c.top) - half) * scale, 2 * half * scale, 2 * half * scale]
      : above
        ? [(m.left - c.left) * scale, (m.top - c.top) * scale, m.width * scale, (above - m.top) * scale]
        : [0, 0, canvas.width, canvas.height];
    const data = canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), Math.round(w), Math.round(h)).data;
    let painted = 0;
    let ring = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 200) painted += 1;
      if (data[i + 3] > 200 && data[i] > 200 && data[i + 1] < 90 && data[i + 2] < 90) ring += 1;
    }
    return { painted, ring };
  }, { nearCentre, above });
}

/** The canvas as soon as it is painted: clusters come from a worker after the view settles, so poll for them. */
async function paintedWithin(page, ms) {
  const until = Date.now() + ms;
  let drawn = await canvasPixels(page);
  while (drawn.painted <= 500 && Date.now() < until) {
    await page.waitForTimeout(200);
    drawn = await canvasPixels(page);
  }
  return drawn;
}

/** Scoped devices as the map loads them, to choose one worth watching. */
function mapDevices(page) {
  return page.evaluate(async () => {
    const res = await window.fetch('/api/monitor/devices', { headers: { accessToken: localStorage.getItem('accessToken') } });
    return (await res.json()).result;
  });
}

/** An online wired terminal (a moving one when the hour has any, so the trail is a line), found with the search box. */
async function searchOnlineWired(page) {
  const devices = await mapDevices(page);
  const wired = devices.filter((d) => d.deviceKind === 1);
  const device = wired.find((d) => d.state === 'moving') ?? wired.find((d) => d.state === 'parked');
  assert.ok(device, 'an online wired terminal');
  await page.getByPlaceholder(SEARCH).fill(device.deviceNumber);
  await pick(page, page.locator('.ant-select-item-option').filter({ hasText: device.deviceNumber }));
  return device;
}

export const tests = [
  {
    name: 'an operator watches the fleet on the map, finds a device and opens its card and live tracking',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(LAPTOP);
      await signedIn(page, baseUrl, 'operator1');
      await openMenu(page, '车辆监控', '在线监控');
      await page.waitForURL(/#\/monitor\/onlineMonitoring/);
      const total = await deviceCount(page);
      assert.ok(total > 100, `operator1's institution has its devices on the map (${total})`);
      // No internet here: the map falls back to the offline outlines and says so.
      await page.getByText('在线地图无法加载，已切换到离线底图').waitFor({ timeout: 20_000 });
      await page.locator('.map-view-offline .map-outline-tiles .leaflet-tile-loaded').first().waitFor({ state: 'attached' });
      const drawn = await paintedWithin(page, 10_000);
      assert.ok(drawn.painted > 500, `clusters are drawn (${drawn.painted} px)`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), true, 'the page does not scroll at 1366×768');
      await dismissNotices(page);
      // The institution's installer company is shown as one, not as one more dealer.
      const installer = page.locator('.monitor-dept-node[data-kind="installer"]').first();
      await installer.waitFor();
      assert.match(await installer.innerText(), /安装商/);
      assert.doesNotMatch(await page.locator('.monitor-dept-node[data-kind="dealer"]').first().innerText(), /安装商/);
      await shot('05-monitoring');

      const { deviceNumber, plateNumber: plate } = await searchOnlineWired(page);
      await page.waitForURL(new RegExp(`deviceNumber=${deviceNumber}&monitor=dev`));
      const card = page.locator('.monitor-card');
      await card.getByText(deviceNumber).waitFor();
      // Looked at as soon as the map has centred on it: a moving car drifts off the centre with each
      // live update (the map does not follow it), and a loaded machine is slow to the next steps.
      await page.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
      const focused = await canvasPixels(page, { nearCentre: true });
      assert.ok(focused.ring > 10, `the chosen device is ringed in the middle of the map (${focused.ring} px)`);
      await card.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
      if (plate) await card.getByText(plate).waitFor();
      const cardText = await card.innerText();
      assert.match(cardText, /所属机构[\s：:]+\S+/);
      assert.match(cardText, /\d{2,3}\.\d{6}, \d{1,2}\.\d{6}/, 'the card shows the coordinates');
      for (const action of ['实时跟踪', '轨迹回放', '发送指令']) await card.getByRole('button', { name: action }).waitFor();
      await page.waitForTimeout(300);
      await shot('05-device-card');

      await card.getByRole('button', { name: '实时跟踪' }).click();
      await page.waitForURL(new RegExp(`#/monitor/realtimeTracking\\?deviceNumber=${deviceNumber}`));
      const panel = page.locator('.realtime-panel');
      await panel.getByText(deviceNumber).waitFor();
      await panel.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
      const points = Number((await panel.locator('.ant-descriptions-item').filter({ hasText: '轨迹点' }).locator('.ant-descriptions-item-content').innerText()).trim());
      assert.ok(points >= 1, `the last hour's trail is shown (${points} points)`);
      await page.locator('.vehicle-marker-arrow').waitFor();
      // An online wired terminal is asked to report every 10 s while the page is open, and the page says so.
      const notice = panel.locator('.realtime-tracking');
      await notice.getByText(/已向终端下发临时跟踪指令：每10秒上报一次位置，持续30分钟。离开本页即下发停止指令。|正在向终端下发临时跟踪指令/).waitFor();
      await notice.getByText(/待发送|已发送|已应答/).waitFor();
      await shot('05-realtime');
    },
  },
  {
    name: 'a link with monitor=dev opens the map on that device with its card',
    async run({ page, baseUrl }) {
      await signedIn(page, baseUrl, 'operator1');
      const { deviceNumber } = (await mapDevices(page)).find((d) => d.lng !== null && d.state !== 'never');
      await page.goto(`${baseUrl}/#/monitor/onlineMonitoring?deviceNumber=${deviceNumber}&monitor=dev`);
      await page.locator('.monitor-card').getByText(deviceNumber).waitFor();
      await page.locator('.monitor-card').getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
      await page.waitForFunction(() => document.querySelector('.map-device-canvas')?.width > 0);
      await page.waitForTimeout(500);
      const focused = await canvasPixels(page, { nearCentre: true });
      assert.ok(focused.ring > 10, `the device is ringed in the middle of the map (${focused.ring} px)`);
      await page.locator('.monitor-card').getByRole('button', { name: '关闭' }).click();
      await page.waitForURL((url) => !url.hash.includes('deviceNumber'));
    },
  },
  {
    name: 'on a phone the panel starts folded, folds away after a pick, and the legend waits behind a button',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(PHONE);
      await signedIn(page, baseUrl, 'operator1');
      await page.goto(`${baseUrl}/#/monitor/onlineMonitoring`);
      await deviceCount(page).catch(() => {});
      const openPanel = page.getByRole('button', { name: '展开面板' });
      await openPanel.first().waitFor();
      assert.equal(await page.locator('.monitor-panel').count(), 0, 'the panel starts folded on a phone');
      await page.getByRole('button', { name: '图例' }).waitFor();
      await dismissNotices(page);
      await shot('05-monitoring-390');

      await openPanel.first().click();
      await page.locator('.monitor-panel').waitFor();
      await shot('05-monitoring-390-panel');
      const { deviceNumber } = await searchOnlineWired(page);
      const card = page.locator('.monitor-card');
      await card.getByText(deviceNumber).waitFor();
      assert.equal(await page.locator('.monitor-panel').count(), 0, 'the panel folds away once a device is picked');
      await card.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
      const box = await card.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the card fits the phone (${box.x}, ${box.width})`);
      await page.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
      const seen = await canvasPixels(page, { above: box.y });
      assert.ok(seen.ring > 10, `the chosen device is ringed above its card, not under it (${seen.ring} px)`);
      await shot('05-device-card-390');
      await card.getByRole('button', { name: '关闭' }).click();

      await page.getByRole('button', { name: '图例' }).click();
      await page.locator('.monitor-legend').getByText('行驶', { exact: true }).waitFor();
      await shot('05-legend-390');
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing runs off the side');

      // Opened again, the panel is a sheet over the legend, not under it; its own button folds it.
      await openPanel.first().click();
      const panel = page.locator('.monitor-panel');
      await panel.waitFor();
      const legendBox = await page.locator('.monitor-legend').boundingBox();
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('.monitor-panel') !== null,
        { x: legendBox.x + legendBox.width / 2, y: legendBox.y + legendBox.height / 2 },
      );
      assert.ok(onTop, 'the open panel is not overlapped by the legend');
      await panel.getByRole('button', { name: '收起面板' }).click();
      await panel.waitFor({ state: 'detached' });
      await page.locator('.monitor-legend').getByText('行驶', { exact: true }).waitFor();

      // Real-time tracking on the phone: the notice of the command sent to the terminal fits the screen.
      await page.goto(`${baseUrl}/#/monitor/realtimeTracking?deviceNumber=${deviceNumber}`);
      const notice = page.locator('.realtime-panel .realtime-tracking');
      await notice.getByText(/临时跟踪指令/).waitFor();
      const trackingPanel = page.locator('.realtime-panel');
      const panelBox = await trackingPanel.boundingBox();
      assert.ok(panelBox.x >= 0 && panelBox.x + panelBox.width <= PHONE.width, 'the tracking panel fits the phone');
      // Its details are folded, so the vehicle in the middle of the map is not under it.
      await page.locator('.vehicle-marker-arrow').waitFor();
      await page.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
      const arrow = await page.locator('.vehicle-marker-arrow').boundingBox();
      assert.ok(arrow.y > panelBox.y + panelBox.height, `the vehicle shows below the panel (${arrow.y} > ${panelBox.y + panelBox.height})`);
      await shot('05-realtime-390');
      await trackingPanel.getByRole('button', { name: '展开定位详情' }).click();
      await trackingPanel.getByText('轨迹点').waitFor();
    },
  },
  {
    name: 'at 992 px the panel, the map and the card share the screen without covering one another',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 992, height: 800 });
      await signedIn(page, baseUrl, 'operator1');
      await page.goto(`${baseUrl}/#/monitor/onlineMonitoring`);
      const panel = page.locator('.monitor-panel');
      await panel.waitFor();
      await deviceCount(page);
      await dismissNotices(page);
      const { deviceNumber } = await searchOnlineWired(page);
      const card = page.locator('.monitor-card');
      await card.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
      assert.ok(await card.getByText(deviceNumber).isVisible());
      const [p, c, l, m] = await Promise.all(['.monitor-panel', '.monitor-card', '.monitor-legend', '.monitor-page'].map((s) => page.locator(s).boundingBox()));
      assert.ok(p.x + p.width < c.x, `the card is beside the panel (${p.x + p.width} < ${c.x})`);
      assert.ok(c.x - (p.x + p.width) >= 120, `the map shows between them (${c.x - (p.x + p.width)} px)`);
      assert.ok(l.y >= p.y + p.height, 'the legend is below the panel, not over it');
      assert.ok(p.width < m.width / 2, `the panel takes less than half the map (${p.width} of ${m.width})`);
      await page.waitForTimeout(300);
      await shot('05-monitoring-992');
    },
  },
  {
    name: "a device of another dealer opened by its link says 无权查看, with no retry",
    async run({ page, baseUrl }) {
      await signedIn(page, baseUrl, 'dealer2');
      const { deviceNumber } = (await mapDevices(page))[0];
      await page.evaluate(() => localStorage.clear());
      await signedIn(page, baseUrl, 'dealer1');
      await page.goto(`${baseUrl}/#/monitor/onlineMonitoring?deviceNumber=${deviceNumber}&monitor=dev`);
      const card = page.locator('.monitor-card');
      await card.getByText('无权查看').waitFor();
      assert.equal(await card.getByRole('button', { name: /重\s*试/ }).count(), 0);
      await card.getByRole('button', { name: '返回全部设备' }).click();
      await page.waitForURL((url) => !url.hash.includes('deviceNumber'));
      await deviceCount(page);
    },
  },
  {
    name: "dealer staff see only their dealer's devices on the map",
    async run({ page, baseUrl }) {
      await signedIn(page, baseUrl, 'dealer1');
      await openMenu(page, '车辆监控', '在线监控');
      const onMap = await deviceCount(page);
      await openMenu(page, '报表中心', '设备基础信息');
      const listed = await listTotal(page);
      assert.equal(onMap, listed, `the map holds exactly the dealer's ${listed} devices`);
      assert.ok(onMap > 0 && onMap < 300, `a dealer's share, not the institution's (${onMap})`);
    },
  },
];
