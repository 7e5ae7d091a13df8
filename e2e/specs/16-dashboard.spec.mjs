import { assert, dismissNotices, signedIn } from '../helpers.mjs';

/** The control-room wall and the laptop it is set up from. */
const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
];

/** A home figure through the API the board itself calls, with the signed-in user's token. */
function api(page, nameAndQuery) {
  return page.evaluate(async (n) => {
    const headers = { accessToken: localStorage.getItem('accessToken') };
    const reply = await window.fetch(`/api/indexMonitoring/${n}`, { headers }).then((r) => r.json());
    return reply.result;
  }, nameAndQuery);
}

/** The number a counter shows under its title. */
async function counter(page, title) {
  const value = page.getByRole('group', { name: title }).locator('.dashboard-counter-value');
  await value.waitFor();
  const text = await value.innerText();
  assert.match(text, /^\d[\d,]*$/, `${title} shows a number, not "${text}"`);
  return Number(text.replace(/,/g, ''));
}

/** The map shows provinces by their short names (浙江 for 浙江省). */
const short = (name) => name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');

const mapLabels = (page) => page.locator('.dashboard-map-label span').allInnerTexts();

async function noScrollBars(page, where) {
  const size = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  }));
  assert.ok(size.height <= size.innerHeight && size.width <= size.innerWidth, `${where}: the page is ${size.width}×${size.height} in a ${size.innerWidth}×${size.innerHeight} window`);
}

/** Signs in and opens the board at the laptop size, once the map has named its provinces. */
async function openBoard(page, baseUrl, username) {
  await page.setViewportSize(SCREENS[1]);
  await signedIn(page, baseUrl, username);
  await dismissNotices(page);
  await page.goto(`${baseUrl}/#/dashboard`);
  await page.locator('.dashboard-map-label span').first().waitFor();
}

const sizeTests = SCREENS.map((screen) => ({
  name: `the data board fills ${screen.width}×${screen.height} with the server's figures, and its map drills down from a province to its cities`,
  async run({ page, baseUrl, shot }) {
    await page.setViewportSize(screen);
    await signedIn(page, baseUrl, 'admin');
    await dismissNotices(page);
    await page.goto(`${baseUrl}/#/dashboard`);
    await page.locator('.dashboard').waitFor();
    assert.equal(await page.locator('.shell-header, .ant-layout-sider').count(), 0, 'the board is shown without the console shell');

    const cars = await counter(page, '车辆总数');
    assert.equal(cars, (await api(page, 'carCount')).count);
    const devices = await api(page, 'deviceOnline');
    assert.equal(await counter(page, '设备总数'), devices.total);
    await counter(page, '在线设备');
    await counter(page, '今日预警');
    await counter(page, '未处理预警');

    // The map: every province drawn, as many named as fit, the most cars first in the ranking.
    const { list: provinces } = await api(page, 'carProvinceCount');
    assert.ok(provinces.length > 0, 'the demo fleet has cars bound to provinces');
    const top = provinces[0];
    const rank = page.getByRole('list', { name: '车辆最多的地区' });
    await rank.locator('li').first().filter({ hasText: top.province }).waitFor();
    const labels = await mapLabels(page);
    assert.ok(labels.length >= 15, `provinces are named on the map (${labels.join(' ')})`);
    assert.ok(labels.includes(short(top.province)), `${top.province} is named on the map`);

    await page.locator('.dashboard-live-row').first().waitFor();
    await page.getByRole('img', { name: '近7天预警趋势' }).locator('canvas').waitFor();
    await page.getByRole('img', { name: '未处理预警类型' }).locator('canvas').waitFor();
    // Charts grow in and the rows slide in.
    await page.waitForTimeout(1200);
    await noScrollBars(page, 'the national map');
    await shot(`16-dashboard-${screen.width}`);

    // A click on the province, where its name is (the label lets the click through to the map).
    const box = await page.locator('.dashboard-map-label span', { hasText: new RegExp(`^${short(top.province)}$`) }).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByRole('heading', { name: `${top.province}车辆分布` }).waitFor();
    const { list: cities } = await api(page, `carCityCount?province=${encodeURIComponent(top.province)}`);
    assert.equal(cities.reduce((n, c) => n + c.count, 0), top.count, 'the cities add up to the province');
    await rank.locator('li').first().filter({ hasText: cities[0].city }).waitFor();
    await page.waitForFunction((city) => [...document.querySelectorAll('.dashboard-map-label span')].some((s) => s.textContent === city), cities[0].city);
    const cityLabels = await mapLabels(page);
    assert.ok(!cityLabels.includes(short(top.province)), `the cities are named now, not the provinces (${cityLabels.join(' ')})`);
    await page.mouse.move(0, screen.height - 1);
    await noScrollBars(page, 'a province');
    await shot(`16-dashboard-${screen.width}-province`);

    await page.getByRole('button', { name: '返回全国' }).click();
    await page.getByRole('heading', { name: '全国车辆分布' }).waitFor();
    await page.getByRole('link', { name: '返回控制台' }).click();
    await page.waitForURL(/#\/index$/);
    await page.locator('.shell-header').waitFor();
  },
}));

export const tests = [
  ...sizeTests,
  {
    name: 'an installer sees the device and car figures and the map, filling the screen without the warning panels',
    async run({ page, baseUrl, shot }) {
      await openBoard(page, baseUrl, 'installer1');
      assert.equal(await counter(page, '车辆总数'), (await api(page, 'carCount')).count);
      await counter(page, '在线设备');
      assert.equal(await page.getByRole('group', { name: '今日预警' }).count(), 0, 'no warning counters');
      assert.equal(await page.getByRole('region', { name: '实时预警' }).count(), 0, 'no live warnings');
      assert.equal(await page.getByRole('region', { name: '近7天预警趋势' }).count(), 0, 'no warning trend');
      await noScrollBars(page, 'the installer board');
      await shot('16-dashboard-installer-1366');
    },
  },
  {
    name: 'the board speaks English on request, still without scroll bars',
    async run({ page, baseUrl, shot }) {
      await openBoard(page, baseUrl, 'admin');
      await page.getByRole('button', { name: '语言' }).click();
      await page.getByRole('heading', { name: 'Live warnings' }).waitFor();
      await page.getByRole('group', { name: 'Devices online' }).locator('.dashboard-counter-value').waitFor();
      await page.locator('.dashboard-live-row').first().waitFor();
      await page.waitForTimeout(1200);
      await noScrollBars(page, 'in English');
      await shot('16-dashboard-1366-en');
    },
  },
];
