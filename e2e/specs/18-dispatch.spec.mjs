import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assert, dismissNotices, openMenu, pick, signIn, signedIn } from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The fleet simulator's JT/T 808 terminal and the demo's installer photo, from the server just built.
const { VirtualTerminal, locationFix } = await import(pathToFileURL(path.join(root, 'apps/server/dist/telemetry/simulator/virtual-terminal.js')).href);
const { demoInstallPhoto } = await import(pathToFileURL(path.join(root, 'apps/server/dist/demo/demo-photo.js')).href);

/** A call of the console's API with the page's session, as the console makes it. */
function api(page, method, url, body) {
  return page.evaluate(async ({ method, url, body }) => {
    const res = await window.fetch(url, {
      method,
      headers: { accessToken: localStorage.getItem('accessToken'), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  }, { method, url, body });
}

/** Two stock devices of operator1's institution that make one 有线+无线套装. */
async function stockPair(page) {
  const all = (await api(page, 'POST', '/api/device/getDevList', { pageNumber: 1, pageSize: 1000 })).result.list.filter((d) => d.carId === null);
  const wired = all.find((d) => d.deviceKind === 1);
  const wireless = all.find((d) => d.deviceKind === 2);
  assert.ok(wired && wireless, 'the demo institution has wired and wireless devices in stock');
  return { wired: wired.deviceNumber, wireless: wireless.deviceNumber };
}

const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);

export const tests = [
  {
    name: 'an order raised from the top bar is worked on a phone, reports from its address, turns abnormal for the silent device, is audited and the car is live',
    async run({ page, context, baseUrl, jt808Port, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      const car = (await api(page, 'GET', '/pd/order/searchCars?keyword=L')).result[0];
      assert.ok(car, 'operator1 has cars to dispatch to');
      const stock = await stockPair(page);

      // 快速派单: opens as an install order brought by the installer, with nothing searched yet.
      await page.getByRole('button', { name: '快速派单' }).click();
      const dialog = page.locator('.quick-dispatch-modal .ant-modal');
      await dialog.waitFor();
      assert.equal(await dialog.getByRole('radio', { name: '安装单' }).isChecked(), true);
      assert.equal(await dialog.getByRole('radio', { name: '带货安装' }).isChecked(), true);
      assert.equal(await dialog.getByPlaceholder('搜索地址，如：杭州市西湖区').inputValue(), '');
      await dialog.getByLabel('联系人').fill('王建华');
      await dialog.getByLabel('联系电话').fill('139123456789');
      assert.equal(await dialog.getByLabel('联系电话').inputValue(), '13912345678', 'the phone takes 11 characters');
      await dialog.getByLabel('车架号').fill(car.carFrameNumber.slice(-8));
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: car.carFrameNumber }));
      assert.equal(await dialog.getByLabel('品牌').inputValue(), car.brandName, 'the car fills its brand');
      assert.equal(await dialog.getByLabel('车主姓名').inputValue(), car.carOwnerName, 'and its owner');
      await dialog.getByLabel('预约时间').click();
      await dialog.getByLabel('预约时间').fill(`${tomorrow()} 10:00:00`);
      await page.keyboard.press('Enter');
      await dialog.getByLabel('安装产品').click();
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: '有线+无线套装' }));
      const search = dialog.getByPlaceholder('搜索地址，如：杭州市西湖区');
      await search.fill('杭州市西湖区');
      await search.press('Enter');
      // One place is taken at once; several are listed to choose from.
      await page.waitForFunction(() => document.querySelector('.address-search-results li') || document.querySelector('#address')?.value);
      const first = page.locator('.address-search-results li button').first();
      if (await first.count()) await first.click();
      await page.waitForFunction(() => document.querySelector('#address')?.value.includes('杭州'));
      await shot('18-quick-dispatch');
      await dialog.getByRole('button', { name: /派\s*单/ }).click();
      await page.getByText(/派单成功，已派给.+/).waitFor();
      const order = (await api(page, 'POST', '/pd/query/order/listDispatchOrders', { pageNumber: 1, pageSize: 1, keyword: car.carFrameNumber })).result.list[0];
      assert.equal(order.state, 2, 'sent at once to the institution’s installer company');

      // installer1, on a phone: accept, a photo, the two devices, installed.
      const phoneContext = await context.browser().newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', isMobile: true, hasTouch: true });
      try {
        const phone = await phoneContext.newPage();
        phone.setDefaultTimeout(15_000);
        await signIn(phone, baseUrl, 'installer1');
        await phone.waitForURL(/#\/index/);
        await phone.goto(`${baseUrl}/#/dispatchOrder/installerOrders`);
        const card = phone.locator('.installer-card').filter({ hasText: `订单 ${order.id}` });
        await card.getByRole('button', { name: '接单' }).click();
        await phone.getByText('已接单').first().waitFor();
        await phone.locator('.ant-segmented-item').filter({ hasText: '进行中' }).click();
        await card.getByLabel(`上传订单 ${order.id} 的照片或PDF`).setInputFiles({ name: '安装照片.png', mimeType: 'image/png', buffer: demoInstallPhoto(7) });
        await phone.getByText('文件已上传').waitFor();
        await card.getByRole('button', { name: '登记设备' }).click();
        const entry = phone.locator('.ant-modal').filter({ hasText: `登记设备 ${order.id}` });
        await entry.getByRole('textbox').fill(`${stock.wired}\n${stock.wireless}`);
        await entry.getByRole('button', { name: /保\s*存/ }).click();
        await phone.getByText('设备已登记').waitFor();
        await card.getByRole('button', { name: '安装完成' }).click();
        await pick(phone, phone.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|确\s*认|OK/ }));
        await phone.getByText('已标记安装完成，等待审核').waitFor();
        assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'the phone view does not scroll sideways');
        await phone.screenshot({ path: path.join(root, 'e2e/screenshots/18-installer-phone.png') });
      } catch (err) {
        for (const p of phoneContext.pages()) await p.screenshot({ path: path.join(root, 'e2e/screenshots/FAILED-18-phone.png') }).catch(() => {});
        throw err;
      } finally {
        await phoneContext.close();
      }

      // The wired terminal powers up at the order's address and reports; the wireless one never does.
      const terminal = new VirtualTerminal({ host: '127.0.0.1', port: jt808Port, deviceNumber: stock.wired, version: 2013, model: 'GT06N' });
      await terminal.connect();
      const code = await terminal.register();
      assert.ok(code && (await terminal.authenticate(code)), 'the fitted terminal registers and signs in');
      assert.equal(await terminal.report(locationFix({ time: Date.now(), lng: order.lng, lat: order.lat, speed: 0, direction: 0, acc: true })), 0, 'its first position is stored');

      // The server finds the silent wireless device (ORDER_SILENT_HOURS is seconds in this suite).
      const until = Date.now() + 60_000;
      let state = order.state;
      while (state !== 6 && Date.now() < until) {
        await page.waitForTimeout(1000);
        state = (await api(page, 'GET', `/pd/order/detail?id=${order.id}`)).result.order.state;
      }
      assert.equal(state, 6, 'the order turns abnormal');
      await openMenu(page, '派单管理', '派单管理');
      await page.getByRole('tab', { name: /异常订单/ }).click();
      await page.getByRole('columnheader', { name: '异常原因' }).waitFor();
      const row = page.locator('tr.ant-table-row').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${order.id}$`) }) });
      await row.waitFor();
      const rowText = await row.innerText();
      assert.match(rowText, new RegExp(`设备${stock.wireless}安装后.*未上报`), `the silent device is named as the reason: ${rowText}`);
      assert.doesNotMatch(await row.innerText(), new RegExp(`设备${stock.wired}`), 'the device that reported is not');
      await shot('18-abnormal-orders');

      await row.getByRole('button', { name: '详情' }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: `订单详情 ${order.id}` });
      await drawer.getByText('处理记录').waitFor();
      for (const step of ['创建订单', '接单', '登记设备', '安装完成', '安装异常']) await drawer.getByText(step, { exact: true }).first().waitFor();
      await drawer.locator('img').first().waitFor();
      await drawer.getByText(stock.wired, { exact: true }).waitFor();
      await shot('18-order-detail');
      await drawer.getByRole('button', { name: '审核' }).click();
      const audit = page.locator('.ant-modal').filter({ hasText: `审核订单 ${order.id}` });
      await audit.getByText('通过', { exact: true }).click();
      await audit.getByRole('button', { name: /提\s*交/ }).click();
      await page.getByText('审核通过，订单已完成').waitFor();
      terminal.close();

      // The car is on the live map with its new terminal.
      await page.goto(`${baseUrl}/#/monitor/onlineMonitoring`);
      await page.getByPlaceholder('设备号 / 车牌 / 车架号 / 客户 / 手机号').fill(stock.wired);
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: stock.wired }));
      const mapCard = page.locator('.monitor-card');
      await mapCard.getByText(stock.wired).waitFor();
      await mapCard.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
      if (car.plateNumber) await mapCard.getByText(car.plateNumber).waitFor();
      await shot('18-live-on-map');
    },
  },
];
