import fs from 'node:fs';
import { assert, dismissNotices, listTotal, openMenu, signedIn } from '../helpers.mjs';

export const tests = [
  {
    name: 'the device list filters by kind, keeps the filter in the address, and exports it',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'finance1');
      await openMenu(page, '报表中心', '设备基础信息');
      const all = await listTotal(page);
      assert.ok(all > 400, `finance1 sees its three dealers' devices (${all})`);
      await dismissNotices(page);
      await shot('09-devices');
      await page.getByLabel('设备类型').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '无线' }).click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(/deviceKind=2/);
      const wireless = await listTotal(page, all);
      assert.ok(wireless > 0 && wireless < all, `wireless ${wireless} of ${all}`);
      const kinds = await page.locator('.ant-table-row').evaluateAll((rows) => rows.map((r) => r.innerText));
      assert.ok(kinds.every((r) => r.includes('无线')), 'every row is wireless');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: /导\s*出/ }).click();
      const download = await downloading;
      assert.match(download.suggestedFilename(), /^设备列表-\d{8}-\d{6}\.xlsx$/);
      const file = await download.path();
      assert.ok(fs.statSync(file).size > 1000, 'a real spreadsheet');
      await page.reload();
      assert.equal(await listTotal(page), wireless, 'the filter survives a reload');
    },
  },
  {
    name: 'dealer staff see their own dealer only, with masked phone numbers',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'dealer1');
      await openMenu(page, '风险管理', '客户车辆');
      const total = await listTotal(page);
      assert.ok(total >= 90 && total <= 110, `one dealer's cars (${total})`);
      const rows = await page.locator('.ant-table-row').evaluateAll((r) => r.map((x) => x.innerText));
      assert.ok(rows.every((r) => r.includes('杭州宝龙奥迪4S店')), 'only dealer1 rows');
      assert.ok(rows.every((r) => /1\d\d\*\*\*\*\d{4}/.test(r)), 'masked phone numbers');
      await dismissNotices(page);
      await shot('10-customer-cars');
    },
  },
];
