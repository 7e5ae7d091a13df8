import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

const rowTexts = (page) => page.locator('.ant-table-tbody .ant-table-row').evaluateAll((rows) => rows.map((r) => r.innerText));
const COORDINATES = /\d{2,3}\.\d{6}, \d{1,2}\.\d{6}/;

export const tests = [
  {
    name: 'an operator sees live positions, filters the parked devices and sends a position query',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await openMenu(page, '报表中心', '设备最新位置');
      const all = await listTotal(page);
      assert.ok(all > 100, `operator1 sees its finance institution's devices (${all})`);
      const rows = await rowTexts(page);
      // Whether any car is driving depends on the hour in Shanghai; some are always parked.
      assert.ok(rows.every((r) => /行驶|静止|离线|未上线/.test(r)), 'every row shows its state');
      assert.ok(rows.filter((r) => COORDINATES.test(r)).length >= rows.length / 2, 'most rows have a position');
      await dismissNotices(page);
      await shot('11-device-positions');

      await page.getByRole('button', { name: /展\s*开/ }).click();
      await page.getByLabel('状态', { exact: true }).click();
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: '静止' }));
      await page.locator('.filter-form').getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(/state=parked/);
      const parked = await listTotal(page, all);
      assert.ok(parked > 0 && parked < all, `parked ${parked} of ${all}`);
      const states = await page.locator('.ant-table-tbody .ant-table-row td:nth-child(3)').allInnerTexts();
      assert.ok(states.length > 0 && states.every((s) => s.trim() === '静止'), `only 静止 tags: ${states.join(',')}`);

      const first = page.locator('.ant-table-tbody .ant-table-row').first();
      const deviceNumber = (await first.locator('td').first().innerText()).trim();
      await first.getByRole('button', { name: /指\s*令/ }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText(`设备指令 · ${deviceNumber}`).waitFor();
      await drawer.getByText('该设备还没有下发过指令').waitFor();
      await drawer.getByRole('button', { name: /发\s*送/ }).click();
      await page.locator('.ant-message').getByText('位置查询：已发送').waitFor();
      const entry = drawer.locator('.ant-table-row').filter({ hasText: '位置查询' }).first();
      await entry.filter({ hasText: /已发送|已应答/ }).waitFor();
      // The simulated terminal answers a position query within a few seconds; the drawer polls every 3 s.
      await entry.filter({ hasText: '已应答' }).waitFor({ timeout: 12_000 });
      assert.match(await entry.innerText(), /位置 \d+\.\d+,\d+\.\d+/);
      // The toast would cover the drawer's title in the picture.
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
      await shot('12-command-drawer');
    },
  },
  {
    name: 'dealer staff without device:command are not offered 指令',
    async run({ page, baseUrl }) {
      await signedIn(page, baseUrl, 'dealer1');
      await openMenu(page, '报表中心', '设备最新位置');
      const total = await listTotal(page);
      assert.ok(total > 0, `dealer1 sees its devices (${total})`);
      assert.equal(await page.getByRole('button', { name: /指\s*令/ }).count(), 0, 'no 指令 button');
      assert.equal(await page.locator('.ant-table-thead th').filter({ hasText: '操作' }).count(), 0, 'no 操作 column');
    },
  },
];
