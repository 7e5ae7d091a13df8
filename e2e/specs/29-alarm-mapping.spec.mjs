import { assert, dismissNotices, openMenu, signedIn } from '../helpers.mjs';

// The screen's own table: tabs kept open behind it hold tables of their own.
const rows = (page) => page.locator('.alarm-mapping .ant-table-tbody tr.ant-table-row');

export const tests = [
  {
    name: 'the platform administrator reads the seeded per-model alarm mapping and adds one; a reserved bit only',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await openMenu(page, '系统管理', '设备报警映射');
      await rows(page).first().waitFor();
      // The common models the demo fits come mapped: a wired one by its reserved bits, a tracker by a vendor item.
      const seeded = await page.locator('.alarm-mapping .ant-table-tbody').innerText();
      for (const text of ['GT06N', '拆除报警', '开壳报警', '震动报警', 'AT4', '0xE3', '光感报警']) assert.ok(seeded.includes(text), `${text} in\n${seeded}`);
      await shot('29-alarm-mapping-1440');

      const model = `E2E-${Date.now() % 100_000}`;
      await page.getByRole('button', { name: /新增映射/ }).click();
      const dialog = page.getByRole('dialog', { name: '新增映射' });
      await dialog.getByLabel('设备型号').fill(model);
      await dialog.getByLabel('报警位（0–31）').fill('8');
      // Bit 8 is main power lost: the standard's, not the vendor's to reuse.
      await dialog.getByText('位 8 是标准报警位，不能映射').waitFor();
      await dialog.getByLabel('报警位（0–31）').fill('16');
      await dialog.getByLabel('报警类型').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '开壳报警' }).click();
      await shot('29-alarm-mapping-dialog-1440');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      const added = await rows(page).filter({ hasText: model }).innerText();
      assert.ok(added.includes('报警位') && added.includes('16') && added.includes('开壳报警'), added);

      await page.setViewportSize({ width: 390, height: 844 });
      // Below 992 px the side bar opens over the page and folds itself after 2 s (console-spec §2).
      await page.waitForTimeout(2600);
      await shot('29-alarm-mapping-390');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 1, `the page is ${wide} px wider than a phone`);
    },
  },
];
