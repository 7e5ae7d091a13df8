import { assert, openMenu, pick, signedIn } from '../helpers.mjs';

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
      await openMenu(page, '报表中心', '设备基础信息');
      await page.locator('.ant-table-row').first().waitFor();
      await page.waitForTimeout(300);
      await shot('05-dark-horizontal-devices');
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
];
