import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

/** The newest unhandled warning in the signed-in user's scope, through the call the console uses; waits for the engine's first ones. */
async function someOpenWarning(page) {
  for (let i = 0; i < 60; i++) {
    const found = await page.evaluate(async () => {
      const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
      const body = JSON.stringify({ pageNumber: 1, pageSize: 1, dealStatus: 0 });
      const reply = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body }).then((r) => r.json());
      return reply.result.list[0] ?? null;
    });
    if (found) return found;
    await page.waitForTimeout(1000);
  }
  throw new Error('no unhandled warning appeared within 60 s');
}

/** The badge's figure as the server gives it (getRiskWarning's allCountStatus0). */
async function unhandledCount(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const reply = await window.fetch('/api/report/riskWarning/getRiskWarning', { method: 'POST', headers, body: '{}' }).then((r) => r.json());
    return reply.result.allCountStatus0;
  });
}

/** Waits until the top bar's badge counts this many (its title holds the count; it reads 99+ above 99). */
async function waitForBadge(page, count) {
  await page.waitForFunction((want) => document.querySelector('.topbar-badge .ant-badge-count')?.getAttribute('title') === want, String(count));
}

/** Picks an option of one of the filter form's selects, by the field's label; searchable ones are typed into (their list is virtual). */
async function choose(page, label, option, { typed = false } = {}) {
  const select = page.locator('.filter-form .ant-form-item').filter({ hasText: label }).locator('.ant-select').first();
  await select.click();
  if (typed) await page.keyboard.type(option);
  await pick(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first());
}

export const tests = [
  {
    name: 'an operator filters the risk warnings, opens one, handles it from the keyboard, and sees it leave the list and the badge drop',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      const warning = await someOpenWarning(page);
      await openMenu(page, '风险管理', '风险预警');
      await page.waitForURL(/#\/risk\/riskWarning/);
      assert.ok((await listTotal(page)) > 0, 'operator1 sees warnings');
      await dismissNotices(page);

      await choose(page, '预警类型', warning.warningTypeName, { typed: true });
      await choose(page, '处理状态', '未处理');
      const filtered = page.waitForResponse((r) => r.url().includes('/riskWarning/findList') && r.request().postData()?.includes('"warningType"'));
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(new RegExp(`warningType=${warning.warningType}`));
      await filtered;
      await page.locator('.warning-table .ant-spin-spinning').waitFor({ state: 'detached' });
      const before = await listTotal(page);
      assert.ok(before >= 1, `the filter keeps the open ${warning.warningTypeName} (${before})`);
      const rows = page.locator('.warning-table .ant-table-tbody tr.ant-table-row');
      for (const text of await rows.allInnerTexts()) {
        assert.ok(text.includes(warning.warningTypeName) && text.includes('未处理'), `every row is an open ${warning.warningTypeName}: ${text}`);
      }
      await shot('08-warnings-list');

      // The detail of the first row, then the treat dialog there, from the keyboard.
      const unhandledBefore = await unhandledCount(page);
      const badge = page.locator('.topbar-badge .ant-badge-count');
      await waitForBadge(page, unhandledBefore);
      const number = (await rows.first().locator('td').nth(1).innerText()).trim();
      await rows.first().getByRole('button', { name: '详情' }).click();
      await page.waitForURL(/#\/risk\/warningDetail\?/);
      await page.locator('.wd-page').getByText(number).first().waitFor();
      await page.locator('.wd-page').getByRole('button', { name: /^处\s*理$/ }).click();
      const dialog = page.getByRole('dialog', { name: '处理预警' });
      const text = dialog.getByPlaceholder('请输入处理内容');
      await text.fill('好的');
      await dialog.getByText('处理内容至少3个字符，当前2个').waitFor();
      await text.fill('已电话联系客户，车辆在正常使用');
      await dialog.getByText('15 / 100').waitFor();
      await dialog.getByText('处理内容至少3个字符，当前2个').waitFor({ state: 'detached' });
      await shot('08-warnings-treat-dialog');
      await text.press('Control+Enter');

      const toast = page.locator('.ant-message').getByText(/处理成功，共处理\d+条预警/);
      await toast.waitFor();
      const handled = Number(/共处理(\d+)条/.exec(await toast.innerText())[1]);
      assert.equal(handled, 1, 'the detail page handles that warning only');
      await dialog.waitFor({ state: 'detached' });
      await page.locator('.wd-page').getByText('已电话联系客户，车辆在正常使用').waitFor();

      // Back on the list (its tab): the warning has left the unhandled list, and the badge dropped without a reload.
      await page.locator('.ant-tabs-tab').filter({ hasText: '风险预警' }).click();
      await page.waitForURL(/#\/risk\/riskWarning/);
      const after = await listTotal(page, before);
      assert.equal(after, before - handled, 'the unhandled list drops by the handled number');
      const unhandledAfter = await unhandledCount(page);
      assert.ok(unhandledAfter < unhandledBefore, `the server counts fewer unhandled (${unhandledBefore} → ${unhandledAfter})`);
      await waitForBadge(page, unhandledAfter);
      assert.ok(await badge.isVisible());

      // The next one without the mouse: ↓ makes the first row current, Enter opens its treat dialog,
      // Ctrl+Enter handles it; the list is read again and the next warning moves up under the cursor.
      if (after > 0) {
        await page.locator('.ant-tabs-tab-active').click();
        await page.keyboard.press('ArrowDown');
        const current = page.locator('.warning-table tr.is-current');
        await current.waitFor();
        const currentNumber = (await current.locator('td').nth(1).innerText()).trim();
        await page.keyboard.press('Enter');
        const byKeys = page.getByRole('dialog', { name: '处理预警' });
        await byKeys.getByText(currentNumber).waitFor();
        await page.keyboard.type('已联系客户，确认正常');
        await page.keyboard.press('Control+Enter');
        await byKeys.waitFor({ state: 'detached' });
        const done = Number(/共处理(\d+)条/.exec(await page.locator('.ant-message').getByText(/处理成功，共处理\d+条预警/).last().innerText())[1]);
        assert.equal(await listTotal(page, after), after - done, 'the keyboard handling left the list too');
        await page.locator('.warning-table tr.is-current').waitFor();
        await page.waitForTimeout(300);
        await shot('08-warnings-keyboard');
      }
      await shot('08-warnings-after');
    },
  },
];
