import { assert, dismissNotices, openMenu, signedIn } from '../helpers.mjs';

/** A warning of the signed-in user's scope, through the console's own API (the list's first page). */
function someWarning(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const listed = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 1 }) }).then((r) => r.json());
    return listed.result.list[0] ?? null;
  });
}

const toast = (page, text) => page.locator('.ant-message').getByText(text).first().waitFor();
const rows = (page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** Each test signs in afresh and puts back what it changed. */
export const independent = true;

export const tests = [
  {
    name: 'a device marked 不推送 on a warning detail is on the do-not-push list, and removing it there takes it off',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      const w = await someWarning(page);
      assert.ok(w, 'operator1 has a warning');
      await page.goto(`${baseUrl}/#/risk/warningDetail?id=${w.id}&deviceNumber=${w.deviceNumber}&warningType=${w.warningType}`);
      const box = page.getByRole('checkbox', { name: '不推送此类预警' });
      await page.waitForFunction(() => {
        const el = document.querySelector('.wd-not-push input');
        return el && !el.disabled;
      });
      if (!(await box.isChecked())) {
        await box.click();
        await toast(page, '已取消推送');
      }

      await openMenu(page, '风险管理', '不推送设备');
      await page.getByLabel('设备号', { exact: true }).fill(w.deviceNumber);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const row = rows(page).filter({ hasText: w.deviceNumber }).filter({ hasText: w.warningTypeName });
      await row.waitFor();
      assert.ok(await row.getByText('张晓燕').isVisible(), 'the row says who set it');
      await shot('34-not-push-list');

      await row.getByRole('button', { name: '移除' }).click();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await toast(page, '已恢复推送');
      await row.waitFor({ state: 'detached' });

      // The detail reads the same exclusion: gone there too.
      await page.goto(`${baseUrl}/#/risk/warningDetail?id=${w.id}&deviceNumber=${w.deviceNumber}&warningType=${w.warningType}`);
      await page.waitForFunction(() => {
        const el = document.querySelector('.wd-not-push input');
        return el && !el.disabled && el.checked === false;
      });
    },
  },
  {
    name: "the push configuration's in-app switch of a warning type is saved for the department and shown after a reload",
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'finance1');
      await dismissNotices(page);
      await openMenu(page, '风险管理', '预警推送配置');
      const panel = page.locator('.in-app-panel');
      const lowBattery = panel.getByRole('switch', { name: '站内推送 低电量预警' });
      await lowBattery.waitFor();
      assert.equal(await lowBattery.getAttribute('aria-checked'), 'true', 'on until someone chooses');
      await lowBattery.click();
      await toast(page, '已关闭站内推送');

      await page.reload();
      const row = panel.locator('tr').filter({ has: page.getByRole('switch', { name: '站内推送 低电量预警' }) });
      await row.getByText('本部门设置').waitFor();
      assert.equal(await row.getByRole('switch').getAttribute('aria-checked'), 'false', 'the choice is read back from the server');
      await panel.scrollIntoViewIfNeeded();
      await shot('34-in-app-push');

      // Put it back: the department follows the one above (on) again.
      await row.getByRole('button', { name: '恢复沿用上级' }).click();
      await toast(page, '已恢复沿用上级设置');
      await row.getByText('默认开启').waitFor();
      assert.equal(await row.getByRole('switch').getAttribute('aria-checked'), 'true');
    },
  },
];
