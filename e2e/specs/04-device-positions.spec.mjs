import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

const rowTexts = (page) => page.locator('.ant-table-tbody .ant-table-row').evaluateAll((rows) => rows.map((r) => r.innerText));
const COORDINATES = /\d{2,3}\.\d{6}, \d{1,2}\.\d{6}/;
/** An address to the district: 浙江省杭州市西湖区, 上海市浦东新区; not just the city, nor "…附近". */
const DISTRICT = /^(.+?(省|自治区))?.+?市.+[区县市旗]$/;

/** Where each header cell of a table sits on screen. */
const headerEdges = (scope) =>
  scope.locator('.ant-table-thead th').evaluateAll((ths) => ths.map((th) => ({ text: th.textContent.trim(), left: th.getBoundingClientRect().left, right: th.getBoundingClientRect().right })));
/** The columns the fixed 操作 column covers, wholly or in part. */
function underAction(edges) {
  const action = edges.find((e) => e.text === '操作');
  return edges.filter((e) => e !== action && e.right > action.left + 1 && e.left < action.right - 1).map((e) => e.text);
}
/** The cells of one column, by its header. */
async function columnTexts(scope, header) {
  const index = (await scope.locator('.ant-table-thead th').allInnerTexts()).findIndex((t) => t.trim() === header);
  return scope.locator(`.ant-table-tbody .ant-table-row td:nth-child(${index + 1})`).allInnerTexts();
}

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
      // 速度 is read beside 状态 at the widths staff use; what the fixed 操作 column covers is one scroll away.
      for (const width of [1366, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const hidden = underAction(await headerEdges(page));
        assert.ok(!hidden.includes('速度 (km/h)'), `at ${width} px 速度 is in view, not under 操作 (${hidden})`);
        if (width === 1366) await shot('11-device-positions-1366');
      }
      const addresses = await columnTexts(page, '地址');
      assert.ok(addresses.filter((a) => DISTRICT.test(a)).length >= addresses.length / 2, `addresses name the district: ${addresses.slice(0, 3)}`);
      await page.locator('.ant-table-body, .ant-table-content').first().evaluate((el) => (el.scrollLeft = el.scrollWidth));
      // The header is a separate scroller that follows the body on its scroll event, a frame or so later.
      await page.waitForFunction(() => {
        const header = document.querySelector('.ant-table-header');
        const body = document.querySelector('.ant-table-body');
        return !header || !body || Math.abs(header.scrollLeft - body.scrollLeft) < 1;
      });
      assert.deepEqual(underAction(await headerEdges(page)), [], 'scrolled to the end, every column clears 操作');
      await shot('11-device-positions-right');

      // 批量查询 at 1366 px: the found devices with their addresses, no column hidden under 操作.
      await page.setViewportSize({ width: 1366, height: 900 });
      const numbers = (await page.locator('.ant-table-tbody .ant-table-row td:first-child').allInnerTexts()).slice(0, 8);
      await page.getByRole('button', { name: /批量查询/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('批量查询设备位置').fill(numbers.join('\n'));
      await dialog.getByRole('button', { name: /查\s*询/ }).click();
      await dialog.getByText(`查询 ${numbers.length} 个，找到 ${numbers.length} 个，0 个未找到`).waitFor();
      assert.deepEqual(underAction(await headerEdges(dialog)), [], 'the batch table fits its dialog');
      assert.ok((await columnTexts(dialog, '地址')).every((a) => DISTRICT.test(a)), 'each found device has its address');
      await shot('11-batch-query');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1440, height: 900 });

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
