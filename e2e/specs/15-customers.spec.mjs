import { assert, dismissNotices, listTotal, openMenu, signedIn } from '../helpers.mjs';

/**
 * An overdue customer of operator1's scope, not yet flagged, whose car has a suspected home place —
 * found through the console's own API, as the operator's eyes would find one in the list.
 */
function overdueCustomerWithHome(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const get = (url) => window.fetch(url, { headers }).then((r) => r.json());
    const list = await window.fetch('/api/customer/getOverdueList', { method: 'POST', headers, body: JSON.stringify({ pageSize: 50 }) }).then((r) => r.json());
    for (const row of list.result.list) {
      const c = (await get(`/api/customerDraw/getCustomerByid?customerid=${row.customerId}`)).result;
      if (c.fraud || c.cars.length === 0) continue;
      const analysis = (await get(`/api/customerDraw/getCarDataAnalysis?carid=${c.cars[0].carId}`)).result;
      if (analysis.nightList.length > 0) return { id: c.customerId, name: c.customerName, homes: analysis.nightList.length, works: analysis.dayList.length };
    }
    return null;
  });
}

const toast = (page, text) => page.locator('.ant-message').getByText(text).waitFor();

export const tests = [
  {
    name: 'an operator opens the overdue list, opens a customer portrait, sees where the car sleeps, flags loan fraud and finds the customer on 骗贷客户',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      await openMenu(page, '风险管理', '逾期客户');
      assert.ok((await listTotal(page)) > 0, 'the demo has overdue customers');
      await page.getByRole('columnheader', { name: '逾期天数' }).waitFor();
      await shot('15-overdue');

      const c = await overdueCustomerWithHome(page);
      assert.ok(c, 'an overdue customer whose car has a suspected home');
      // The chase list filtered by the customer's name, then the name itself opens the portrait.
      await page.getByLabel('客户姓名').fill(c.name);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(/customerName=/);
      await page.locator('.ant-table-tbody').getByRole('link', { name: c.name, exact: true }).first().click();
      await page.waitForURL(/#\/risk\/userPortrait\?customerid=/);

      const header = page.locator('.portrait-customer');
      await header.getByRole('heading', { name: c.name }).waitFor();
      await header.getByText('贷款信息').waitFor();
      await page.getByText('本月用车').waitFor();
      const toolbar = page.getByRole('toolbar', { name: '车辆使用分析' });
      // Portrait mode: every toggle but 风险点 is on at first (console-spec §2).
      assert.equal(await toolbar.getByRole('button', { name: '疑似居住地点' }).getAttribute('aria-pressed'), 'true');
      assert.equal(await toolbar.getByRole('button', { name: '疑似工作地点' }).getAttribute('aria-pressed'), 'true');
      assert.equal(await toolbar.getByRole('button', { name: '风险点' }).getAttribute('aria-pressed'), 'false');
      await page.locator('.leaflet-marker-icon[title="疑似居住地点"]').first().waitFor();
      assert.equal(await page.locator('.leaflet-marker-icon[title="疑似居住地点"]').count(), c.homes);
      if (c.works > 0) await page.locator('.leaflet-marker-icon[title="疑似工作地点"]').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.vu-loading, .leaflet-zoom-anim'));
      await shot('15-portrait');

      await header.getByRole('button', { name: '标记骗贷' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('原因').fill('安装后即失联，车辆疑似已转卖');
      await dialog.getByRole('button', { name: '标记骗贷' }).click();
      await toast(page, '已标记为骗贷客户');
      await header.getByText('骗贷', { exact: true }).waitFor();

      await openMenu(page, '风险管理', '骗贷客户');
      const row = page.locator('.ant-table-tbody tr').filter({ hasText: c.name });
      await row.getByText('安装后即失联，车辆疑似已转卖').waitFor();
      assert.ok(await row.getByText('张晓燕').isVisible(), 'the row says who flagged the customer');
      await shot('15-loan-fraud');

      await page.getByRole('tab', { name: '系统提示' }).click();
      await page.getByText('待处理').first().waitFor();
      // The picture once the suggestions have loaded (the table is dimmed while it loads) and the
      // flag's confirmation has gone.
      await page.locator('.ant-table-tbody .ant-table-row, .ant-table-placeholder').first().waitFor();
      await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
      await shot('15-suggestions');
    },
  },
];
