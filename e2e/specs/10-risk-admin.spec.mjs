import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

const LAPTOP = { width: 1366, height: 768 };
const toast = (page, text) => page.locator('.ant-message').getByText(text).waitFor();

/** The list's total once loaded; an empty list shows no pagination at all. */
async function rowsListed(page) {
  await page.locator('.list-card .ant-table-tbody').waitFor();
  await page.locator('.list-card .ant-spin-spinning').waitFor({ state: 'detached' });
  return (await page.locator('.list-card .ant-empty').isVisible()) ? 0 : listTotal(page);
}

/** A customer of the signed-in user's scope who is not on the white list yet, through the console's own API. */
function unlistedCustomer(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const call = (url, body) => window.fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json());
    const cars = (await call('/api/car/getCarDeviceList', { pageNumber: 1, pageSize: 50 })).result.list;
    for (const car of cars) {
      const found = (await call('/api/report/whiteList/findCustomer', { keyword: car.customerName })).result;
      const customer = found.find((c) => c.id === car.customerId && !c.listed);
      if (customer) return { name: customer.name, plate: car.plateNumber };
    }
    throw new Error('no unlisted customer');
  });
}

export const tests = [
  {
    name: 'an operator filters device alarms by type and state',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(LAPTOP);
      await signedIn(page, baseUrl, 'operator1');
      await openMenu(page, '风险管理', '设备报警');
      const all = await listTotal(page);
      assert.ok(all > 0, `the simulated fleet raised alarms (${all})`);
      await dismissNotices(page);
      await page.getByLabel('报警类型').click();
      await page.locator('.ant-select-dropdown').getByText('终端主电源掉电', { exact: true }).click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(/alarmType=8/);
      const powerCuts = await listTotal(page, all);
      assert.ok(powerCuts > 0 && powerCuts < all, `power cuts are some of the alarms (${powerCuts} of ${all})`);
      const types = await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)').allInnerTexts();
      assert.ok(types.length > 0 && types.every((x) => x.includes('终端主电源掉电')), `only power cuts listed: ${types.join(',')}`);
      await shot('10-device-alarms');
      // The filters live in the address bar: a reload shows the same list.
      await page.reload();
      assert.equal(await listTotal(page), powerCuts);
    },
  },
  {
    name: 'finance staff put a customer on the warning white list and take them off again',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(LAPTOP);
      await signedIn(page, baseUrl, 'finance1');
      await dismissNotices(page);
      const customer = await unlistedCustomer(page);
      await openMenu(page, '风险管理', '预警客户白名单');
      const before = await rowsListed(page);
      await page.getByRole('button', { name: /添加客户/ }).click();
      const dialog = page.getByRole('dialog', { name: '添加白名单客户' });
      await dialog.getByRole('combobox', { name: '客户' }).fill(customer.plate);
      await pick(page, page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: customer.name }).first());
      await dialog.getByLabel('到期时间').click();
      // Yesterday cannot be chosen: an expiry lies in the future.
      const disabled = await page.locator('.ant-picker-dropdown td.ant-picker-cell-disabled').count();
      assert.ok(disabled > 0, 'past days are disabled');
      await page.locator('.ant-picker-dropdown td.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)').last().click();
      await dialog.getByLabel('原因').fill('E2E：贷款已结清，暂停预警');
      await shot('10-white-list-add');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await toast(page, '已加入白名单，1分钟内生效');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await listTotal(page, before || undefined), before + 1);
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'E2E：贷款已结清' });
      assert.match(await row.innerText(), new RegExp(`${customer.name}[\\s\\S]*生效中[\\s\\S]*李明辉`));
      await shot('10-white-list');

      await row.getByRole('button', { name: /移\s*出/ }).click();
      await page.locator('.ant-popover').getByRole('button', { name: /确\s*定/ }).click();
      await toast(page, '已移出白名单，1分钟内生效');
      if (before === 0) await page.locator('.list-card .ant-empty').waitFor();
      else assert.equal(await listTotal(page, before + 1), before);
    },
  },
  {
    name: 'finance staff change a warning threshold, and it is kept after a reload',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(LAPTOP);
      await signedIn(page, baseUrl, 'finance1');
      await dismissNotices(page);
      await openMenu(page, '风控配置', '预警配置');
      const radius = page.getByLabel('二押点半径');
      await radius.waitFor();
      assert.equal(await radius.inputValue(), '200');
      await page.getByText('默认：200 米').waitFor();
      await radius.fill('350');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await toast(page, '预警配置已保存，1分钟内生效');
      await page.getByText('已自定义').waitFor();
      await shot('10-risk-config');

      await page.reload();
      await page.getByLabel('二押点半径').waitFor();
      await page.waitForFunction(() => document.querySelector('input[aria-label="二押点半径"]')?.value === '350');
      await page.getByText('已自定义').waitFor();

      await page.getByRole('button', { name: /恢复默认/ }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
      await toast(page, '已恢复默认预警配置，1分钟内生效');
      await page.getByText('使用默认配置').waitFor();
      assert.equal(await page.getByLabel('二押点半径').inputValue(), '200');
    },
  },
  {
    name: 'a platform admin picks an institution on the threshold screen in the dark theme',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(LAPTOP);
      await page.goto(`${baseUrl}/#/login`);
      await page.evaluate(() => localStorage.setItem('cvrisk.theme', JSON.stringify({ theme: 'dark', layout: 'vertical', header: 'fixed', tabsBar: true })));
      // The console reads its theme when it loads.
      await page.reload();
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await openMenu(page, '风控配置', '预警配置');
      const picker = page.getByLabel('金融机构');
      await picker.waitFor();
      await picker.click();
      const options = page.locator('.ant-select-dropdown .ant-select-item-option');
      assert.ok((await options.count()) > 1, 'every institution can be picked');
      const chosen = await options.nth(1).innerText();
      await pick(page, options.nth(1));
      await page.waitForURL(/deptId=\d+/);
      await page.locator('.risk-config-institution').getByText(chosen).waitFor();
      await page.locator('.risk-config-group').first().waitFor();
      await page.getByText('使用默认配置').waitFor();
      const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.risk-config-group')).backgroundColor);
      assert.notEqual(bg, 'rgb(255, 255, 255)', 'cards are dark');
      await shot('10-risk-config-dark');
      await openMenu(page, '风险管理', '设备报警');
      await listTotal(page);
      await shot('10-device-alarms-dark');
    },
  },
];
