import { assert, dismissNotices, openMenu, pick, signedIn } from '../helpers.mjs';

/** A device number of the signed-in user's scope, through the API the console itself calls. */
function someDeviceNumber(page) {
  return page.evaluate(async () => {
    const headers = { 'Content-Type': 'application/json', accessToken: localStorage.getItem('accessToken') };
    const body = JSON.stringify({ pageNumber: 1, pageSize: 1 });
    const reply = await window.fetch('/api/device/getDevList', { method: 'POST', headers, body }).then((r) => r.json());
    return reply.result.list[0].deviceNumber;
  });
}

/** The element is on screen, inside the window's width. */
async function onScreen(locator, width) {
  const box = await locator.boundingBox();
  assert.ok(box && box.width > 0 && box.x >= 0 && box.x + box.width <= width, `on screen: ${JSON.stringify(box)}`);
}

/** Types a device number into the quick search (already focused) and opens its monitoring page from the list. */
async function searchAndOpen(page, number) {
  await page.keyboard.type(number);
  await page.locator('.ant-select-item-group').filter({ hasText: '设备监控' }).waitFor();
  await pick(page, page.locator('.ant-select-item-option .topbar-option > span:first-child').filter({ hasText: new RegExp(`^${number}$`) }));
  await page.waitForURL(new RegExp(`#/monitor/onlineMonitoring\\?deviceNumber=${number}&monitor=dev`));
}

export const tests = [
  {
    name: 'theme and layout chosen in the drawer are kept after a reload',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await page.getByRole('button', { name: '主题设置' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByText('暗黑').click();
      await drawer.getByText('横向').click();
      await shot('05-theme-drawer');
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await page.reload();
      await page.locator('.ant-layout-footer, footer').first().waitFor();
      const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('cvrisk.theme')));
      assert.equal(saved.theme, 'dark');
      assert.equal(saved.layout, 'horizontal');
      const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout')).backgroundColor);
      assert.notEqual(bg, 'rgb(245, 245, 245)', 'dark background after reload');
      // A group the top bar still shows: 报表中心 now sits in its '…' overflow.
      await openMenu(page, '风险管理', '设备报警');
      await page.locator('.ant-table-row').first().waitFor();
      await page.waitForTimeout(300);
      await shot('05-dark-horizontal-alarms');
      // Reset to the defaults of §9.
      await page.getByRole('button', { name: '主题设置' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '恢复默认' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /保\s*存/ }).click();
      const reset = JSON.parse(await page.evaluate(() => localStorage.getItem('cvrisk.theme') ?? '{}'));
      assert.equal(reset.theme ?? 'default', 'default');
    },
  },
  {
    name: 'visited pages become tabs; closing others keeps the home tab and the current one',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      const tabs = page.locator('.ant-tabs-tab');
      await openMenu(page, '报表中心', '设备基础信息');
      await tabs.filter({ hasText: '设备基础信息' }).waitFor();
      await openMenu(page, '风险管理', '客户车辆');
      await page.locator('.ant-table-row').first().waitFor();
      await tabs.filter({ hasText: '客户车辆' }).waitFor();
      await page.waitForTimeout(300);
      await shot('06-tabs');
      assert.equal(await tabs.count(), 3);
      await page.getByRole('button', { name: '关闭其他' }).click();
      await pick(page, page.getByRole('menuitem', { name: '关闭全部' }));
      await page.waitForURL(/#\/index/);
      assert.equal(await tabs.count(), 1, 'only the affixed home tab stays');
    },
  },
  {
    name: 'below 992 px the side bar folds by itself',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 900, height: 760 });
      await signedIn(page, baseUrl, 'operator1');
      await page.waitForTimeout(2600);
      const width = await page.locator('.ant-layout-sider').first().evaluate((el) => el.getBoundingClientRect().width);
      assert.ok(width <= 80, `side bar folded (width ${width})`);
      await shot('07-narrow');
    },
  },
  {
    name: 'the English switch turns the console to English',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await page.getByRole('button', { name: '语言' }).click();
      await pick(page, page.getByRole('menuitem', { name: 'English' }));
      await page.getByRole('menuitem', { name: 'Reports' }).waitFor();
      await shot('08-english');
    },
  },
  {
    name: 'at 390 px the top bar keeps the quick search, the warning badge and the user menu',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      await page.locator('.shell-mask').waitFor({ state: 'detached' });
      const badge = page.locator('.topbar-badge');
      await badge.locator('.ant-badge-count').waitFor();
      await onScreen(badge, 390);
      const searchButton = page.getByRole('button', { name: '快速查找' });
      await onScreen(searchButton, 390);
      const userButton = page.getByRole('button', { name: '用户菜单' });
      await onScreen(userButton, 390);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, 'nothing sticks out sideways');
      await shot('02-shell-390');

      // The badge opens the unhandled warnings of the last 3 days.
      await badge.click();
      const dialog = page.getByRole('dialog', { name: '近3天未处理预警' });
      await dialog.locator('.ant-table').waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
      await shot('02-shell-390-badge');
      await dialog.getByRole('button', { name: 'Close' }).or(dialog.locator('.ant-modal-close')).first().click();
      await dialog.waitFor({ state: 'hidden' });

      // The search opens across the top, focused: typing goes straight into it.
      const number = await someDeviceNumber(page);
      await searchButton.click();
      await page.getByRole('combobox', { name: '设备号/手机号/车架号/姓名' }).waitFor();
      await page.keyboard.type(number.slice(0, 3));
      await page.locator('.ant-select-item-group').filter({ hasText: '设备监控' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-slide-up-appear, .ant-slide-up-enter'));
      await shot('02-shell-390-search');
      await page.keyboard.press('Control+A');
      await searchAndOpen(page, number);
      await page.locator('.topbar-search-drawer').waitFor({ state: 'hidden' });

      await userButton.click();
      for (const item of ['English', '主题设置', '退出登录']) await page.getByRole('menuitem', { name: item }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-slide-up-appear, .ant-slide-up-enter'));
      await shot('02-shell-390-user-menu');
      await pick(page, page.getByRole('menuitem', { name: '退出登录' }));
      await page.getByText('确定要退出登录吗？').waitFor();
    },
  },
  {
    name: 'at 992 px the top bar shows the search box, the badge with what it counts, and the user',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 992, height: 760 });
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      const badge = page.locator('.topbar-badge');
      await badge.locator('.ant-badge-count').waitFor();
      await onScreen(badge, 992);
      const count = await badge.locator('.ant-badge-count').getAttribute('title');
      await badge.hover();
      await page.getByRole('tooltip').filter({ hasText: `近3天未处理预警 ${count} 条` }).waitFor();
      const search = page.getByRole('combobox', { name: '设备号/手机号/车架号/姓名' });
      await onScreen(search, 992);
      await onScreen(page.getByRole('button', { name: '退出登录' }), 992);
      await page.locator('.shell-user-name').waitFor();
      await shot('02-shell-992');

      // Two searches in a row without leaving the box: the second shows its list too.
      const number = await someDeviceNumber(page);
      await search.click();
      await searchAndOpen(page, number);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(number.slice(0, 4));
      await page.locator('.ant-select-item-group').filter({ hasText: '设备监控' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-slide-up-appear, .ant-slide-up-enter'));
      await shot('02-shell-992-second-search');
    },
  },
];
