import { assert, dismissNotices, openMenu, pick, signedIn } from '../helpers.mjs';

const toast = (page, text) => page.locator('.ant-message').getByText(text).first().waitFor();
const row = (page, text) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const settled = (page) => page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter, .ant-table .ant-spin-spinning'));

/** Two dealers of the first finance institution, as the department tree names them. */
function twoDealers(page) {
  return page.evaluate(async () => {
    const res = await window.fetch('/api/dept/getDeptTreeByUserId', { headers: { accessToken: localStorage.getItem('accessToken') } });
    const finance = (await res.json()).result.flatMap((p) => p.children).find((d) => d.kind === 'finance');
    return finance.children.filter((d) => d.kind === 'dealer').slice(0, 2).map((d) => d.name);
  });
}

/** Picks a department in a DeptTreeSelect by typing part of its name. */
async function chooseDept(page, scope, label, name) {
  await scope.getByLabel(label).click();
  await page.keyboard.type(name);
  await pick(page, page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: name }).filter({ visible: true }).first());
}

export const tests = [
  {
    name: 'an operator pastes a purchase with a bad row, sees the report, fixes it, imports, transfers one and retires one',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      const [dealerA, dealerB] = await twoDealers(page);
      await openMenu(page, '系统管理', '设备库存');
      await page.locator('.ant-table-tbody').waitFor();
      await page.getByRole('tab', { name: /库存\s*[\d,]+/ }).waitFor();

      const stamp = String(Date.now() % 10_000_000).padStart(7, '0');
      const [n1, n2, n3] = [1, 2, 3].map((i) => `1390${stamp}${i}`);
      await page.getByRole('button', { name: /导入设备/ }).click();
      const dialog = page.getByRole('dialog', { name: '导入设备到库存' });
      await chooseDept(page, dialog, '导入到', dealerA);
      const box = dialog.getByPlaceholder(/013912340001/);
      await box.fill(`${n1}\tGT06N\t有线\t\n${n2}\tAT4\t车载\t\n0${n3}\tKM-02\t有线\t`);
      await dialog.getByRole('button', { name: /校\s*验/ }).click();
      await dialog.getByText('1 行有误，未导入任何设备。请修改后重新校验：').waitFor();
      await dialog.getByText('类型“车载”无法识别，应为有线或无线').waitFor();
      await settled(page);
      await shot('24-device-stock-report-1440');

      await box.fill(`${n1}\tGT06N\t有线\t\n${n2}\tAT4\t无线\t\n0${n3}\tKM-02\t有线\t`);
      await dialog.getByRole('button', { name: /校\s*验/ }).click();
      await dialog.getByText(`校验通过：共 3 台（有线 2、无线 1），将导入到 ${dealerA}`).waitFor();
      await dialog.getByRole('button', { name: /导入 3 台/ }).click();
      await dialog.getByText(`已导入 3 台设备到 ${dealerA}`).waitFor();
      await settled(page);
      await shot('24-device-stock-imported-1440');
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The leading zero of the label is gone: the number is the one the terminal will register with.
      await page.getByRole('textbox', { name: /^设备号/ }).fill(`1390${stamp}`);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 3);
      await row(page, n3).waitFor();

      await row(page, n1).getByRole('button', { name: '调拨' }).click();
      const move = page.getByRole('dialog', { name: '调拨设备' });
      await chooseDept(page, move, '调往', dealerB);
      await move.getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(page, `已将1台设备调拨到${dealerB}`);
      await row(page, n1).getByText(dealerB).waitFor();

      await row(page, n2).getByRole('button', { name: '报废' }).click();
      const retire = page.getByRole('dialog', { name: '报废设备' });
      await retire.getByLabel('报废原因').fill('E2E 外壳破损');
      await settled(page);
      await shot('24-device-stock-retire-1440');
      await retire.getByRole('button', { name: /报\s*废/ }).click();
      await toast(page, '已报废1台设备');
      await row(page, n2).getByText('已报废').waitFor();
      assert.equal(await row(page, n2).getByRole('button', { name: '报废' }).count(), 0, 'a retired device has no actions');

      await page.getByRole('tab', { name: /已报废/ }).click();
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
      await row(page, n2).waitFor();
      await settled(page);
      // The tabs' ink bar slides under the chosen tab; the shot waits for it to arrive.
      await page.waitForFunction(() => {
        const bar = document.querySelector('.stock-tabs .ant-tabs-ink-bar')?.getBoundingClientRect();
        const tab = document.querySelector('.stock-tabs .ant-tabs-tab-active')?.getBoundingClientRect();
        return bar && tab && Math.abs(bar.left - tab.left) < 2;
      });
      await shot('24-device-stock-1440');
    },
  },
  {
    name: 'the stock screen and its import dialog at 390 and 992 px',
    async run({ page, baseUrl, shot }) {
      // Signed in on the phone first: the side menu's state is kept, and a phone starts with it folded.
      await page.setViewportSize({ width: 390, height: 844 });
      await signedIn(page, baseUrl, 'finance1');
      await dismissNotices(page);
      for (const [width, height] of [[390, 844], [992, 760]]) {
        await page.setViewportSize({ width, height });
        await page.goto(`${baseUrl}/#/system/deviceStock`);
        await page.locator('.ant-table-tbody tr.ant-table-row, .list-card-item').first().waitFor();
        await page.getByRole('tab', { name: /库存\s*[\d,]+/ }).waitFor();
        await settled(page);
        await shot(`24-device-stock-${width}`);
        await page.getByRole('button', { name: /导入设备/ }).click();
        const dialog = page.getByRole('dialog', { name: '导入设备到库存' });
        await dialog.getByText('粘贴清单').waitFor();
        await settled(page);
        const box = await dialog.boundingBox();
        assert.ok(box && box.width <= width, `the dialog fits ${width} px: ${box?.width}`);
        await shot(`24-device-stock-import-${width}`);
        await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
      }
    },
  },
];
