import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { api, assert, closePhoneMenu, dismissNotices, pick, signIn, signedIn } from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { VirtualTerminal, locationFix } = await import(pathToFileURL(path.join(root, 'apps/server/dist/telemetry/simulator/virtual-terminal.js')).href);
const { demoInstallPhoto } = await import(pathToFileURL(path.join(root, 'apps/server/dist/demo/demo-photo.js')).href);

const TEAM = '杭州鹰眼资产保全服务有限公司';
/** The demo's wired models, each mapped to one way of cutting fuel and power. */
const MAPPED = ['GT06N', 'JM-VL03', 'KM-02'];
const RELAY_BITS = (1 << 10) | (1 << 11);
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);

/** Polls `read` until `done` holds or 60 s pass; answers the last value. */
async function until(page, read, done) {
  const deadline = Date.now() + 60_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await page.waitForTimeout(1000);
    value = await read();
  }
  return value;
}

const noSideways = (p) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/**
 * The car gets a terminal this spec drives (as 18-dispatch fits one): an install order worked by
 * installer1 through the API, then the terminal registers and reports the car standing still.
 */
async function fitScriptedTerminal(operator, installer, car, jt808Port) {
  const stock = (await api(operator, 'POST', '/api/device/getDevList', { pageNumber: 1, pageSize: 1000 })).result.list
    .find((d) => d.carId === null && d.deviceKind === 1 && MAPPED.includes(d.model));
  assert.ok(stock, 'operator1’s institution has a mapped wired terminal in stock');
  const product = (await api(operator, 'GET', '/pd/install/product/allProducts')).result.find((p) => p.productName === '单有线');
  const order = await api(operator, 'POST', '/pd/quickDispatch', {
    realName: '王建华', phone: '13912345678', carOwnerName: '车主', reserveTime: `${tomorrow()} 10:00:00`, orderType: 1, brandName: car.brand ?? '大众',
    carFrameNumber: car.frameNumber, deviceSource: 1, installProductId: product.id, address: '浙江省杭州市西湖区文三路90号', lng: 120.1265, lat: 30.2789,
  });
  assert.equal(order.code, 200, JSON.stringify(order));
  const id = order.result.id;
  for (const [url, body] of [
    ['/pd/installer/acceptOrder', { id }],
    ['/pd/installer/uploadFile', { orderId: id, fileName: '安装照片.png', content: demoInstallPhoto(11).toString('base64') }],
    ['/pd/installer/setDevices', { id, deviceNumbers: [stock.deviceNumber] }],
    ['/pd/installer/markInstalled', { id }],
  ]) {
    const r = await api(installer, 'POST', url, body);
    assert.equal(r.code, 200, `${url}: ${JSON.stringify(r)}`);
  }

  let relay = false;
  const fix = () => locationFix({ time: Date.now(), lng: 120.1265, lat: 30.2789, speed: 0, direction: 0, acc: false, status: relay ? RELAY_BITS : 0 });
  const terminal = new VirtualTerminal({ host: '127.0.0.1', port: jt808Port, deviceNumber: stock.deviceNumber, version: 2013, model: stock.model });
  await terminal.connect();
  const code = await terminal.register();
  assert.ok(code && (await terminal.authenticate(code)), 'the fitted terminal registers and signs in');
  assert.equal(await terminal.report(fix()), 0, 'it reports the car standing');
  // It carries out its model's relay command, answers (0x0500 with the position, or 0x0001), then reports the relay bits.
  const answered = [];
  terminal.onCommand = (m, serial) => {
    terminal.obey(serial, m, fix, (order) => { relay = order === 'cut'; answered.push(order); });
    if (m.kind !== 'location-query') void terminal.report(fix());
  };
  return { terminal, deviceNumber: stock.deviceNumber, model: stock.model, answered };
}

export const tests = [
  {
    name: 'a repossession: opened from 逾期客户, assigned, followed by the field on a phone link, immobilised by two people, recovered',
    async run({ page, context, baseUrl, jt808Port, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);

      // An overdue customer of 华信 with a car and no chase yet (the demo already chases the most overdue).
      const chased = new Set((await api(page, 'POST', '/api/recovery/case/list', { pageNumber: 1, pageSize: 100, open: 'true' })).result.list.map((c) => c.customerId));
      const overdue = (await api(page, 'POST', '/api/customer/getOverdueList', { pageNumber: 1, pageSize: 100 })).result.list;
      const customer = overdue.find((c) => !chased.has(c.customerId));
      assert.ok(customer, 'an overdue customer not chased yet');

      // 逾期客户 › 发起追车: the reason starts from the loan's overdue days.
      await page.goto(`${baseUrl}/#/risk/overdueCustomer?customerName=${encodeURIComponent(customer.customerName)}`);
      const row = page.locator('tr.ant-table-row').filter({ hasText: customer.customerName }).first();
      await pick(page, row.getByRole('button', { name: /发起追车/ }));
      const open = page.getByRole('dialog', { name: `发起追车 · ${customer.customerName}` });
      await open.waitFor();
      // The reason is filled in once the customer's loans are read.
      const reason = open.getByLabel('立案原因');
      await until(page, () => reason.inputValue(), (v) => v !== '');
      assert.match(await reason.inputValue(), /^逾期\d+天$/);
      await open.getByLabel('立案原因').fill(`逾期${customer.overdueDays}天，电话关机，车辆去向不明`);
      await shot('36-open-case-1440');
      await open.getByRole('button', { name: /立\s*案/ }).click();
      await page.waitForURL(/#\/recovery\/recoveryCase\?id=\d+/);
      const caseId = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));
      await page.getByText('待分配').first().waitFor();

      // The car gets a terminal this spec speaks for.
      const installerContext = await context.browser().newContext(DESK);
      const installer = await installerContext.newPage();
      await signedIn(installer, baseUrl, 'installer1');
      const car = (await api(page, 'GET', `/api/recovery/case/detail?id=${caseId}`)).result.case.cars[0];
      const fitted = await fitScriptedTerminal(page, installer, car, jt808Port);
      await installerContext.close();

      // 分配追车公司, with a reason.
      await page.reload();
      await page.getByRole('button', { name: '分配追车公司' }).click();
      const assign = page.getByRole('dialog', { name: '分配追车公司' });
      await assign.getByLabel('追车公司').click();
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: TEAM }));
      await assign.getByLabel('原因').fill('委托鹰眼资产保全处置');
      await assign.getByRole('button', { name: '分配追车公司' }).click();
      await page.getByText(TEAM).first().waitFor();
      await page.getByText(fitted.deviceNumber).first().waitFor();

      // The recovery company, on a phone: its task, and a field link for its man on the street.
      const phoneContext = await context.browser().newContext(PHONE);
      const fieldContext = await context.browser().newContext(PHONE);
      try {
        const phone = await phoneContext.newPage();
        phone.setDefaultTimeout(15_000);
        await signIn(phone, baseUrl, 'recovery1');
        await phone.waitForURL(/#\/index/);
        await phone.goto(`${baseUrl}/#/recovery/recoveryCases`);
        await phone.getByText(customer.customerName).first().waitFor();
        await dismissNotices(phone);
        await closePhoneMenu(phone);
        assert.ok(await noSideways(phone), 'the task list does not scroll sideways at 390 px');
        await phone.screenshot({ path: path.join(root, 'e2e/screenshots/36-team-tasks-390.png') });
        await phone.goto(`${baseUrl}/#/recovery/recoveryCase?id=${caseId}`);
        await phone.getByRole('button', { name: '新建外勤链接' }).click();
        const linkDialog = phone.getByRole('dialog', { name: '新建外勤链接' });
        await linkDialog.getByLabel('使用人').fill('外勤 老周');
        await linkDialog.getByRole('button', { name: '生成链接' }).click();
        const created = phone.getByRole('dialog', { name: '外勤链接已生成' });
        const url = (await created.locator('.rc-link-url').innerText()).trim();
        assert.match(url, /#\/field\/[A-Za-z0-9_-]{43}$/, url);
        await created.getByRole('button', { name: /完\s*成/ }).click();

        // The field phone opens it without an account and sees the car, and nothing about the customer.
        const field = await fieldContext.newPage();
        field.setDefaultTimeout(15_000);
        await field.goto(url);
        await field.getByRole('link', { name: /导航/ }).first().waitFor();
        const fieldText = await field.locator('body').innerText();
        if (car.plateNumber) assert.ok(fieldText.includes(car.plateNumber), `the plate is shown:\n${fieldText}`);
        assert.ok(!fieldText.includes(customer.customerName), 'the customer is not named on the field page');
        assert.ok(await noSideways(field), 'the field page does not scroll sideways at 390 px');
        await field.screenshot({ path: path.join(root, 'e2e/screenshots/36-field-link-390.png') });

        // operator1 asks for the cut; finance1, a second person holding vehicle:control, approves.
        await page.reload();
        // The car's own demo terminal may be mapped too: ask on the one this spec speaks for.
        await page.locator('.rc-control-devices li').filter({ hasText: fitted.deviceNumber }).getByRole('button', { name: '申请断油断电' }).click();
        const ask = page.getByRole('dialog').filter({ hasText: '申请断油断电' });
        await ask.getByLabel('申请原因').fill('车辆已找到停放位置，防止转移');
        await ask.getByRole('button', { name: '提交申请' }).click();
        await page.getByText('待审批').first().waitFor();
        assert.equal(await page.getByRole('button', { name: /^批\s*准$/ }).count(), 0, 'the requester cannot approve');

        const managerContext = await context.browser().newContext(DESK);
        const manager = await managerContext.newPage();
        await signedIn(manager, baseUrl, 'finance1');
        await manager.goto(`${baseUrl}/#/recovery/recoveryCase?id=${caseId}`);
        await manager.getByRole('button', { name: /^批\s*准$/ }).click();
        const approve = manager.getByRole('dialog', { name: '批准断油断电' });
        await approve.getByRole('button', { name: /^批\s*准$/ }).click();
        await approve.waitFor({ state: 'hidden' });
        await managerContext.close();

        // The terminal answers; the case shows the car immobilised.
        const request = await until(page, async () => (await api(page, 'GET', `/api/recovery/case/detail?id=${caseId}`)).result, (d) => d.controls[0]?.state === 'done' && d.devices.some((x) => x.deviceNumber === fitted.deviceNumber && x.relay === 'cut'));
        assert.equal(request.controls[0].state, 'done', JSON.stringify(request.controls[0]));
        assert.deepEqual(fitted.answered, ['cut'], 'the terminal received one cut');
        await page.reload();
        await page.getByText('油电已断开').first().waitFor();
        await page.getByText('终端已执行').first().waitFor();
        await shot('36-case-immobilised-1440');
        await page.goto(`${baseUrl}/#/recovery/recoveryCases`);
        // Tabs kept open behind the list (逾期客户) hold rows of their own.
        await page.locator('tr.ant-table-row').filter({ hasText: customer.customerName, visible: true }).first().waitFor();
        await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
        await shot('36-cases-1440');
        await page.goto(`${baseUrl}/#/recovery/recoveryCase?id=${caseId}`);
        await page.getByText('油电已断开').first().waitFor();
        for (const width of [1366, 992]) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForTimeout(300);
          assert.ok(await noSideways(page), `the case page fits ${width} px`);
          await shot(`36-case-${width}`);
        }

        // The team marks it recovered; the field link dies with the case.
        await phone.reload();
        await phone.getByRole('button', { name: '已收车' }).click();
        const recover = phone.getByRole('dialog', { name: '已收车' });
        await recover.getByLabel('原因').fill('车辆已拖回合作停车场');
        await recover.getByRole('button', { name: '已收车' }).click();
        await recover.waitFor({ state: 'hidden' });
        assert.equal((await api(phone, 'GET', `/api/recovery/case/detail?id=${caseId}`)).result.case.state, 'recovered');
        await phone.getByText('车辆已拖回合作停车场').first().waitFor();
        await phone.screenshot({ path: path.join(root, 'e2e/screenshots/36-team-case-390.png') });
        await field.getByText('案件已结案，链接已失效').waitFor({ timeout: 30_000 });
        assert.ok(!(await field.locator('body').innerText()).includes(fitted.deviceNumber), 'the closed link shows nothing about the car');
        await field.screenshot({ path: path.join(root, 'e2e/screenshots/36-field-link-closed-390.png') });
      } catch (err) {
        for (const p of [...phoneContext.pages(), ...fieldContext.pages()]) await p.screenshot({ path: path.join(root, `e2e/screenshots/FAILED-36-${p === phoneContext.pages()[0] ? 'team' : 'field'}.png`) }).catch(() => {});
        throw err;
      } finally {
        await phoneContext.close();
        await fieldContext.close();
        fitted.terminal.close();
      }
    },
  },
  {
    name: 'the platform administrator maps a model for immobilisation; the wireless trackers are named as unable',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await page.goto(`${baseUrl}/#/system/controlMapping`);
      const table = page.locator('.control-mapping .ant-table-tbody');
      await table.locator('tr.ant-table-row').first().waitFor();
      const seeded = await table.innerText();
      for (const text of ['GT06N', '0xF0', 'JM-VL03', 'KM-02', 'RELAY,1#']) assert.ok(seeded.includes(text), `${text} in\n${seeded}`);
      // The demo's battery trackers have no relay to cut.
      const unable = page.getByText('这些型号不能远程断油断电（还没有指令映射）');
      await unable.waitFor();
      assert.ok((await page.locator('.control-mapping').innerText()).includes('AT4'), 'AT4 is named as unable');
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
      await shot('36-control-mapping-1440');

      const model = `E2E-R${Date.now() % 100_000}`;
      await page.getByRole('button', { name: /新增映射/ }).click();
      const dialog = page.getByRole('dialog', { name: '新增映射' });
      await dialog.getByLabel('设备型号').fill(model);
      await dialog.getByLabel('断油断电控制字').fill('0x64');
      await dialog.getByLabel('恢复油电控制字').fill('0x64');
      await dialog.getByText('断开与恢复的控制字不能相同').waitFor();
      await dialog.getByLabel('恢复油电控制字').fill('0x65');
      await shot('36-control-mapping-dialog-1440');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      const added = await table.locator('tr.ant-table-row').filter({ hasText: model }).innerText();
      assert.ok(added.includes('0x64') && added.includes('0x65'), added);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(2600);
      assert.ok(await noSideways(page), 'the mapping page fits a phone');
      await shot('36-control-mapping-390');
    },
  },
];
