import { assert, closePhoneMenu, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

/** The rows of the list as shown. */
const rows = (page) => page.locator('.ant-table-tbody tr.ant-table-row');

export const tests = [
  {
    name: 'an administrator exports the audit log, then finds that export in it: who, when, what',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await openMenu(page, '系统管理', '审计日志');
      // At least this sign-in; in a full run also the earlier specs' threshold changes and exports.
      const all = await listTotal(page);
      assert.ok(all > 0, `the log holds entries (${all})`);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: /导\s*出/ }).click();
      const download = await downloading;
      assert.match(download.suggestedFilename(), /^审计日志-\d{8}-\d{6}\.xlsx$/);

      // Sixteen actions: typing part of the name finds one.
      await page.getByLabel('操作').fill('导出');
      await pick(page, page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: /^导出$/ }));
      await page.getByLabel('用户', { exact: true }).fill('admin');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(/action=export/);
      await page.locator('.list-card .ant-spin-spinning').waitFor({ state: 'detached' });
      await rows(page).first().getByText('/api/system/audit/download').waitFor();
      const exports = await listTotal(page);
      assert.ok(exports >= 1 && exports <= all, `the admin's exports are some of the entries (${exports} of ${all + 1})`);
      const kinds = await rows(page).evaluateAll((trs) => trs.map((r) => r.innerText));
      assert.ok(kinds.every((r) => r.includes('导出') && r.includes('admin')), 'only the admin’s exports are listed');
      const first = kinds[0];
      assert.match(first, /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/, first);
      assert.ok(first.includes('admin') && first.includes('导出') && first.includes('/api/system/audit/download'), first);
      const shown = Date.parse(`${/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.exec(first)[0].replace(' ', 'T')}+08:00`);
      assert.ok(Math.abs(Date.now() - shown) < 5 * 60_000, `the newest export is the one just made (${first})`);
      await shot('19-audit-log-1440');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      assert.equal(await listTotal(page), exports, 'the filters survive a reload');
      // The menu left open at 1440 px covers a phone's screen.
      await closePhoneMenu(page);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, 'nothing sticks out sideways');
      await shot('19-audit-log-390');
    },
  },
  {
    name: 'a dealer cannot open the audit log',
    async run({ page, baseUrl }) {
      await signedIn(page, baseUrl, 'dealer1');
      await page.goto(`${baseUrl}/#/system/auditLog`);
      await page.waitForURL(/#\/401/);
    },
  },
];
