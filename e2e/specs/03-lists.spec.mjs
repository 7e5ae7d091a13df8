import fs from 'node:fs';
import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

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
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: '无线' }));
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
    name: 'a finance manager resets a terminal’s registration from the device list, and the fleet’s terminal registers anew',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'finance1');
      const call = (url, body) =>
        page.evaluate(async ({ url, body }) => {
          const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
          return (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json())).result;
        }, { url, body });
      // A wired terminal of the live fleet that reported in the last two minutes: its connection is open.
      const latest = await call('/api/device/getLatestPositionList', { pageNumber: 1, pageSize: 50, deviceKind: 1 });
      const fresh = (d) => d.registeredAt && Date.now() - Date.parse(`${d.lastTime.replace(' ', 'T')}+08:00`) < 120_000;
      const device = latest.list.find(fresh);
      assert.ok(device, 'a connected, registered terminal in finance1’s scope');

      await page.goto(`${baseUrl}/#/report/basicDevice?deviceNumber=${device.deviceNumber}`);
      const row = page.locator('.ant-table-row').filter({ hasText: device.deviceNumber });
      await row.getByText('已注册').waitFor();
      // The registration and refused-fix columns sit at the right end of the table.
      await page.locator('.ant-table-body').evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await dismissNotices(page);
      await shot('03-device-registration');

      await row.getByRole('button', { name: '重置注册' }).click();
      await page.getByText(`重置设备 ${device.deviceNumber} 的注册？`).waitFor();
      await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText(/^已重置注册并断开终端连接，终端需在\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}前重新注册$/).waitFor();
      // Disconnected, the simulated terminal finds its old code refused and registers again.
      let again = null;
      for (let i = 0; i < 60 && !again; i++) {
        const [d] = (await call('/api/device/getDevList', { pageNumber: 1, pageSize: 1, deviceNumber: device.deviceNumber })).list;
        if (d.registeredAt && d.registeredAt > device.registeredAt) again = d.registeredAt;
        else await page.waitForTimeout(500);
      }
      assert.ok(again, `the terminal registered again after the reset (first ${device.registeredAt})`);
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
