import { assert, dismissNotices, openMenu, signedIn } from '../helpers.mjs';

const rows = (page) => page.locator('.ant-table-tbody tr.ant-table-row');
const AUDIT_LIST = '/api/system/audit/list';

/** Each test signs in afresh as its own user: the runner may give them to different workers. */
export const independent = true;

export const tests = [
  {
    name: 'a change made on one screen is on another open tab without F5, and 查询 asks again on unchanged filters',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      const asked = [];
      page.on('request', (r) => {
        if (r.url().endsWith(AUDIT_LIST)) asked.push(r.url());
      });
      // A page load would reset this mark: it tells that nothing below reloaded the console.
      await page.evaluate(() => {
        window.__sameDocument = true;
      });

      await openMenu(page, '系统管理', '审计日志');
      await rows(page).first().waitFor();
      const before = asked.length;
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForFunction(() => !document.querySelector('.ant-table .ant-spin-spinning'));
      assert.ok(asked.length > before, '查询 on the same filters asks the server again');

      // Another screen changes something the audit log records.
      await openMenu(page, '系统管理', '部门管理');
      const top = rows(page).filter({ has: page.getByRole('button', { name: '新建下级' }) }).first();
      await top.waitFor();
      const platform = (await top.locator('td').first().innerText()).replace('本部门', '').trim();
      const name = `E2E 新鲜度 ${Date.now() % 1_000_000}`;
      await rows(page).filter({ hasText: platform }).first().getByRole('button', { name: '新建下级' }).click();
      const dialog = page.getByRole('dialog', { name: `在“${platform}”下新建部门` });
      await dialog.getByLabel('名称').fill(name);
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await rows(page).filter({ hasText: name }).waitFor();

      // Back on the audit log's tab: the new entry is on top, with no reload.
      await page.locator('.shell-tabs .ant-tabs-tab').filter({ hasText: '审计日志' }).click();
      await rows(page).first().filter({ hasText: name }).waitFor();
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the console was not reloaded');
      await page.waitForFunction(() => !document.querySelector('.ant-table .ant-spin-spinning'));
      await shot('35-audit-after-change-1366');
    },
  },
  {
    name: 'a filter folded under 展开 is shown as set at 1366 and 992',
    async run({ page, baseUrl, shot }) {
      for (const size of [{ width: 1366, height: 768 }, { width: 992, height: 760 }]) {
        await page.setViewportSize(size);
        if (size.width === 1366) {
          await signedIn(page, baseUrl, 'finance1');
          await dismissNotices(page);
        }
        // 客户手机号 is the fifth field: folded at both widths.
        await page.goto(`${baseUrl}/#/risk/riskWarning?customerPhone=13800000000&dealStatus=all`);
        await page.locator('.ant-pagination-total-text, .ant-table-placeholder').first().waitFor();
        const folded = page.locator('.filter-folded-set');
        assert.equal((await folded.innerText()).trim(), '已设 1 项');
        await shot(`35-folded-filter-${size.width}`);
        await page.locator('.filter-toggle').click();
        await page.getByLabel('客户手机号').waitFor();
        assert.equal(await folded.count(), 0, 'once unfolded, the field itself shows the value');
        await page.locator('.filter-toggle').click();
        await folded.waitFor();
      }
    },
  },
];
